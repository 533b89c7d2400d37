import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { KubernetesObject } from "@kubernetes/client-node";
import { parseAllDocuments, stringify } from "yaml";

/**
 * Runs the real helm (ensureKubeTools()) on the charts in deployments/*\/helm and parses what it
 * renders, for e2e/deployments/helm-charts.integration-test.ts.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface ChartUnderTest {
  mode: "single-node" | "multi-node";
  dir: string;
  multiNode: boolean;
}

export const CHARTS: readonly ChartUnderTest[] = [
  { mode: "single-node", dir: path.join(repoRoot, "deployments/single-node/helm/kubebyon"), multiNode: false },
  { mode: "multi-node", dir: path.join(repoRoot, "deployments/multi-node/helm/kubebyon"), multiNode: true },
];

export interface HelmRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A values file for `-f`, so every test passes values with their YAML types (no --set coercion). */
export type Values = Record<string, unknown>;

export class HelmRunner {
  private constructor(
    private readonly helmBin: string,
    private readonly home: string,
  ) {}

  static async create(helmBin: string): Promise<HelmRunner> {
    return new HelmRunner(helmBin, await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-charts-")));
  }

  async cleanup(): Promise<void> {
    await rm(this.home, { recursive: true, force: true });
  }

  /** helm with its cache/config/data in a temp dir and no KUBECONFIG of the caller; never throws on a non-zero exit. */
  run(args: readonly string[], kubeconfigPath?: string): Promise<HelmRun> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HELM_CACHE_HOME: path.join(this.home, "cache"),
      HELM_CONFIG_HOME: path.join(this.home, "config"),
      HELM_DATA_HOME: path.join(this.home, "data"),
    };
    delete env.KUBECONFIG;
    const all = kubeconfigPath ? [...args, "--kubeconfig", kubeconfigPath] : [...args];
    return new Promise((resolve) => {
      execFile(this.helmBin, all, { env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout, stderr });
      });
    });
  }

  async valuesFile(values: Values): Promise<string> {
    const file = path.join(this.home, `values-${Date.now()}-${Math.random().toString(16).slice(2)}.yaml`);
    await writeFile(file, stringify(values));
    return file;
  }

  async template(chart: ChartUnderTest, values: Values, opts: { release?: string; namespace?: string } = {}): Promise<HelmRun> {
    const file = await this.valuesFile(values);
    return this.run(["template", opts.release ?? "demo", chart.dir, "--namespace", opts.namespace ?? "kubebyon-system", "-f", file]);
  }

  /** Renders and parses; a failed render fails with helm's message. */
  async render(chart: ChartUnderTest, values: Values, opts: { release?: string; namespace?: string } = {}): Promise<Rendered> {
    const result = await this.template(chart, values, opts);
    if (result.code !== 0) throw new Error(`helm template ${chart.mode} failed: ${result.stderr}`);
    return new Rendered(parseManifests(result.stdout));
  }
}

export function parseManifests(text: string): KubernetesObject[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`rendered YAML does not parse: ${doc.errors[0]?.message}`);
      return doc.toJS() as KubernetesObject | null;
    })
    .filter((o): o is KubernetesObject => o !== null && typeof o === "object");
}

export class Rendered {
  constructor(readonly objects: KubernetesObject[]) {}

  find<T extends KubernetesObject>(kind: string, name: string): T | undefined {
    return this.objects.find((o) => o.kind === kind && o.metadata?.name === name) as T | undefined;
  }

  get<T extends KubernetesObject>(kind: string, name: string): T {
    const found = this.find<T>(kind, name);
    if (!found) throw new Error(`no ${kind} ${name} rendered; got ${this.objects.map((o) => `${o.kind}/${o.metadata?.name}`).join(", ")}`);
    return found;
  }

  ofKind<T extends KubernetesObject>(kind: string): T[] {
    return this.objects.filter((o) => o.kind === kind) as T[];
  }
}

export const publicUrl = "https://kubebyon.example.com";
