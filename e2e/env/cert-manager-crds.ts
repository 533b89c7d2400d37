import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ApiextensionsV1Api, PatchStrategy, setHeaderOptions, type KubeConfig, type V1CustomResourceDefinition } from "@kubernetes/client-node";
import { parseAllDocuments } from "yaml";
import { waitUntil } from "./kube/wait-until";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const fetchScript = path.join(repoRoot, "scripts/fetch-cert-manager-crds.sh");

export interface CertManagerCrds {
  /** The cache directory holding one CRD manifest per file (see the script for the version). */
  dir: string;
  files: string[];
}

let pending: Promise<CertManagerCrds> | undefined;

function runFetchScript(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("bash", [fetchScript], { maxBuffer: 1024 * 1024 }, (err, stdout) => {
      if (err) {
        reject(new Error(`${fetchScript} failed (${err.message}); run it by hand to see go mod download's output`));
        return;
      }
      const dir = stdout.trim().split("\n").pop();
      if (!dir) reject(new Error(`${fetchScript} printed no directory`));
      else resolve(dir);
    });
    child.stderr?.pipe(process.stderr);
  });
}

async function resolveCrds(): Promise<CertManagerCrds> {
  const dir = await runFetchScript();
  const files = (await readdir(dir)).filter((f) => f.endsWith(".yaml")).sort();
  if (!files.includes("cert-manager.io_certificates.yaml")) {
    throw new Error(`${dir} has no Certificate CRD; delete ${dir} and rerun ${fetchScript}`);
  }
  return { dir, files: files.map((f) => path.join(dir, f)) };
}

/**
 * Fetches (or finds in the cache) the cert-manager CRD manifests from the Go module
 * github.com/cert-manager/cert-manager; once per process. global-setup.ts calls it so a fresh
 * machine downloads them before any test file runs.
 */
export function ensureCertManagerCrds(): Promise<CertManagerCrds> {
  pending ??= resolveCrds().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

const established = (crd: V1CustomResourceDefinition) =>
  crd.status?.conditions?.some((c) => c.type === "Established" && c.status === "True") ?? false;

/**
 * Installs the cert-manager CRDs (Certificate, Issuer, ClusterIssuer, CertificateRequest, ACME
 * Order/Challenge) into a test apiserver (server-side apply, so calling it twice is harmless) and
 * resolves once every one is Established. Only the CRDs: no cert-manager controller runs, so a
 * test that wants a Ready Certificate writes its status itself. Returns the CRD names.
 */
export async function installCertManagerCrds(kubeConfig: KubeConfig, opts: { timeoutMs?: number } = {}): Promise<string[]> {
  const { files } = await ensureCertManagerCrds();
  const api = kubeConfig.makeApiClient(ApiextensionsV1Api);
  const names: string[] = [];
  for (const file of files) {
    // Plain YAML, not client-node's loadYaml: that maps the manifest onto its model classes, whose
    // names (xKubernetesValidations…) the apply body would then carry instead of the CRD's own.
    // The files start with a `---` separator, so read them as a document stream.
    const docs = parseAllDocuments(await readFile(file, "utf8"))
      .map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } } | null)
      .filter((d): d is { kind?: string; metadata?: { name?: string } } => d !== null);
    for (const crd of docs) {
      const name = crd.metadata?.name;
      if (crd.kind !== "CustomResourceDefinition" || !name) throw new Error(`${file} holds something other than a named CustomResourceDefinition`);
      await api.patchCustomResourceDefinition(
        { name, body: crd, fieldManager: "kubebyon-tests", force: true },
        setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply),
      );
      names.push(name);
    }
  }
  await waitUntil(
    `cert-manager CRDs Established (${names.join(", ")})`,
    async () => {
      for (const name of names) {
        if (!established(await api.readCustomResourceDefinition({ name }))) return undefined;
      }
      return true;
    },
    { timeoutMs: opts.timeoutMs ?? 30_000, intervalMs: 200 },
  );
  return names;
}
