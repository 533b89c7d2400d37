import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ApiextensionsV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig, type V1CustomResourceDefinition } from "@kubernetes/client-node";
import { parseAllDocuments } from "yaml";
import { waitUntil } from "./kube/wait-until";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A directory of CRD manifests a script fetches from a Go module into the tools cache (scripts/fetch-*-crds.sh). */
export interface CrdBundleFiles {
  /** The cache directory holding the CRD manifests. */
  dir: string;
  files: string[];
}

export interface CrdBundle {
  /** Fetches (or finds in the cache) the manifests; once per process. global-setup.ts calls it so a fresh machine downloads them first. */
  ensure(): Promise<CrdBundleFiles>;
  /**
   * Installs the CRDs into a test apiserver (server-side apply, so calling it twice is harmless) and resolves
   * once every one is Established, i.e. its resources are being served. Returns the CRD names.
   */
  install(kubeConfig: KubeConfig, opts?: { timeoutMs?: number }): Promise<string[]>;
}

function runFetchScript(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("bash", [script], { maxBuffer: 1024 * 1024 }, (err, stdout) => {
      if (err) {
        reject(new Error(`${script} failed (${err.message}); run it by hand to see go mod download's output`));
        return;
      }
      const dir = stdout.trim().split("\n").pop();
      if (!dir) reject(new Error(`${script} printed no directory`));
      else resolve(dir);
    });
    child.stderr?.pipe(process.stderr);
  });
}

const established = (crd: V1CustomResourceDefinition) =>
  crd.status?.conditions?.some((c) => c.type === "Established" && c.status === "True") ?? false;

type Manifest = { kind?: string; metadata?: { name?: string } };

/** `label` names the bundle in errors; `requiredFile` must be among the fetched files (a cache that lacks it is broken). */
export function crdBundle(opts: { label: string; fetchScript: string; requiredFile: string }): CrdBundle {
  const script = path.join(repoRoot, opts.fetchScript);
  let pending: Promise<CrdBundleFiles> | undefined;
  const resolveFiles = async (): Promise<CrdBundleFiles> => {
    const dir = await runFetchScript(script);
    const files = (await readdir(dir)).filter((f) => f.endsWith(".yaml")).sort();
    if (!files.includes(opts.requiredFile)) throw new Error(`${dir} has no ${opts.requiredFile}; delete ${dir} and rerun ${script}`);
    return { dir, files: files.map((f) => path.join(dir, f)) };
  };
  const ensure = () =>
    (pending ??= resolveFiles().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
  return {
    ensure,
    async install(kubeConfig, installOpts = {}) {
      return installCrdFiles(kubeConfig, (await ensure()).files, { label: opts.label, timeoutMs: installOpts.timeoutMs });
    },
  };
}

/**
 * Server-side applies the CustomResourceDefinitions in these files (so calling it twice is harmless) and resolves
 * once every one is Established, i.e. its resources are being served. Returns the CRD names. Also how tests install
 * the charts' own crds/ files.
 */
export async function installCrdFiles(kubeConfig: KubeConfig, files: readonly string[], opts: { label: string; timeoutMs?: number }): Promise<string[]> {
  const api = kubeConfig.makeApiClient(ApiextensionsV1Api);
  const names: string[] = [];
  for (const file of files) {
    // Plain YAML, not client-node's loadYaml: that maps the manifest onto its model classes, whose
    // names (xKubernetesValidations…) the apply body would then carry instead of the CRD's own.
    // Read as a document stream: some bundles start their files with a `---` separator.
    const docs = parseAllDocuments(await readFile(file, "utf8"))
      .map((d) => d.toJS() as Manifest | null)
      .filter((d): d is Manifest => d !== null);
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
  const custom = kubeConfig.makeApiClient(CustomObjectsApi);
  await waitUntil(
    `${opts.label} CRDs Established and listable (${names.join(", ")})`,
    async () => {
      for (const name of names) {
        const crd = await api.readCustomResourceDefinition({ name });
        if (!established(crd)) return undefined;
        // Established comes before the apiserver's storage for the type is ready: until then a list answers
        // 429 "storage is (re)initializing", which would fail the first call of the test instead.
        const version = crd.spec.versions.find((v) => v.served)?.name;
        if (!version) continue;
        const listed = await custom.listClusterCustomObject({ group: crd.spec.group, version, plural: crd.spec.names.plural, limit: 1 }).then(
          () => true,
          () => false,
        );
        if (!listed) return undefined;
      }
      return true;
    },
    { timeoutMs: opts.timeoutMs ?? 30_000, intervalMs: 200 },
  );
  return names;
}
