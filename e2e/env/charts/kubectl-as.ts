import { execFile } from "node:child_process";
import type { HelmRun } from "./helm-chart-render";

/**
 * The real kubectl against a test apiserver, optionally as another user (`--as`, which the admin
 * kubeconfig of startKubeCluster() may do): how a test proves what a ServiceAccount's RBAC lets it
 * do. Never throws on a non-zero exit; `input` goes to stdin (for `-f -`).
 */
export function kubectlAs(opts: { bin: string; kubeconfigPath: string; as?: string; args: readonly string[]; input?: string }): Promise<HelmRun> {
  const args = ["--kubeconfig", opts.kubeconfigPath, ...(opts.as ? ["--as", opts.as] : []), ...opts.args];
  return new Promise((resolve) => {
    const child = execFile(opts.bin, args, { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(opts.input ?? "");
  });
}
