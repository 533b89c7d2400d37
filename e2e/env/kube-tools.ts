import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface KubeTools {
  binDir: string;
  apiserver: string;
  controllerManager: string;
  kubectl: string;
  etcd: string;
  helm: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildScript = path.join(repoRoot, "scripts/build-kube-tools.sh");

let pending: Promise<KubeTools> | undefined;

function runBuildScript(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("bash", [buildScript], { maxBuffer: 1024 * 1024 }, (err, stdout) => {
      if (err) {
        reject(new Error(`${buildScript} failed (${err.message}); run it by hand to see the Go build output`));
        return;
      }
      const binDir = stdout.trim().split("\n").pop();
      if (!binDir) reject(new Error(`${buildScript} printed no bin directory`));
      else resolve(binDir);
    });
    // Progress (and the Go compiler's errors) are on stderr; show them live
    // because a cold build runs for a long time.
    child.stderr?.pipe(process.stderr);
  });
}

async function resolveTools(): Promise<KubeTools> {
  const binDir = await runBuildScript();
  const tools: KubeTools = {
    binDir,
    apiserver: path.join(binDir, "kube-apiserver"),
    controllerManager: path.join(binDir, "kube-controller-manager"),
    kubectl: path.join(binDir, "kubectl"),
    etcd: path.join(binDir, "etcd"),
    helm: path.join(binDir, "helm"),
  };
  for (const file of [tools.apiserver, tools.controllerManager, tools.kubectl, tools.etcd, tools.helm]) {
    await access(file, constants.X_OK).catch(() => {
      throw new Error(`${file} is missing after ${buildScript}; delete ${binDir} and rerun the script`);
    });
  }
  return tools;
}

/**
 * Builds (or finds in the cache) kube-apiserver, kube-controller-manager,
 * kubectl, etcd and helm. The script is a no-op when the binaries exist, and runs once per process.
 */
export function ensureKubeTools(): Promise<KubeTools> {
  pending ??= resolveTools().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}
