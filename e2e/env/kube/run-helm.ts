import { execFile } from "node:child_process";
import path from "node:path";

export interface HelmResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs the helm binary against one kubeconfig, with helm's cache/config/data
 * under `homeDir` so tests never read or write the developer's ~/.config/helm.
 */
export function runHelm(opts: { helmBin: string; kubeconfigPath: string; homeDir: string; args: readonly string[]; timeoutMs?: number }): Promise<HelmResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HELM_CACHE_HOME: path.join(opts.homeDir, "cache"),
    HELM_CONFIG_HOME: path.join(opts.homeDir, "config"),
    HELM_DATA_HOME: path.join(opts.homeDir, "data"),
  };
  delete env.KUBECONFIG;
  const args = [...opts.args, "--kubeconfig", opts.kubeconfigPath];
  return new Promise((resolve, reject) => {
    execFile(opts.helmBin, args, { env, timeout: opts.timeoutMs ?? 120_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`helm ${opts.args.join(" ")} failed: ${stderr.trim() || err.message}`));
      else resolve({ stdout, stderr });
    });
  });
}
