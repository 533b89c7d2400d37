import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { AppError } from "@/server/domain/errors";
import { checkKubectlPolicy } from "@/server/domain/kubectl/kubectl-policy";
import type { KubectlRunner, KubectlRunRequest, KubectlRunResult } from "@/server/services/kubectl/kubectl-runner";
import { childProcessEnv } from "./child-process-env";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { toBase64 } from "./kube-calls";

export interface KubectlCliRunnerOptions {
  /** KUBEBYON_KUBECTL_BIN. */
  kubectlBin: string;
  /** Where per-run temp directories go; the OS temp dir by default. */
  tmpRoot?: string;
}

/**
 * Runs the real kubectl binary for the console's read-only proxy. Each run
 * gets its own temp directory holding a 0600 kubeconfig (and kubectl's
 * discovery cache, via HOME), removed afterwards; no shell is involved.
 */
export class KubectlCliRunner implements KubectlRunner {
  constructor(private readonly options: KubectlCliRunnerOptions) {}

  async run(request: KubectlRunRequest): Promise<KubectlRunResult> {
    // Defence in depth: the service checks first, but nothing denied may ever start a process.
    const decision = checkKubectlPolicy(request.argv);
    if (!decision.allowed) throw new AppError("FORBIDDEN", decision.reason);
    request.signal?.throwIfAborted();

    const dir = await mkdtemp(path.join(this.options.tmpRoot ?? os.tmpdir(), "kubebyon-kubectl-"));
    try {
      const kubeconfigPath = path.join(dir, "kubeconfig");
      await writeFile(kubeconfigPath, kubeConfigFromCredentials(request.credentials).exportConfig(), {
        mode: 0o600,
        flag: "wx",
      });
      const timeoutSeconds = Math.max(1, Math.ceil(request.timeoutMs / 1000));
      const args = ["--kubeconfig", kubeconfigPath, `--request-timeout=${timeoutSeconds}s`, ...decision.argv];
      const result = await this.spawnBounded(args, dir, request);
      const secrets = secretStrings(request.credentials);
      return { ...result, stdout: redact(result.stdout, secrets), stderr: redact(result.stderr, secrets) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private spawnBounded(args: string[], dir: string, request: KubectlRunRequest): Promise<KubectlRunResult> {
    // No KUBECONFIG and a private HOME: no kuberc aliases/defaults or cached discovery from the platform's HOME.
    const env = childProcessEnv({ home: dir, set: { KUBECTL_KUBERC: "false", KUBERC: "off" } });

    return new Promise((resolve, reject) => {
      const started = Date.now();
      let truncated = false;
      let timedOut = false;
      let aborted = false;
      const child = spawn(this.options.kubectlBin, args, { shell: false, cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
      const stop = () => child.kill("SIGKILL");

      const collect = (stream: NodeJS.ReadableStream) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          const room = request.maxOutputBytes - size;
          if (chunk.length <= room) {
            chunks.push(chunk);
            size += chunk.length;
            return;
          }
          // Over the cap: keep what fits and stop kubectl instead of reading on.
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size = request.maxOutputBytes;
          truncated = true;
          stop();
        });
        return () => Buffer.concat(chunks).toString("utf8");
      };
      const stdout = collect(child.stdout);
      const stderr = collect(child.stderr);

      const timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, request.timeoutMs);
      const onAbort = () => {
        aborted = true;
        stop();
      };
      request.signal?.addEventListener("abort", onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        request.signal?.removeEventListener("abort", onAbort);
      };

      child.once("error", (error: NodeJS.ErrnoException) => {
        cleanup();
        const hint =
          error.code === "ENOENT" || error.code === "EACCES"
            ? `kubectl could not be started from "${this.options.kubectlBin}" (${error.code}); install kubectl or set KUBEBYON_KUBECTL_BIN to its path.`
            : `kubectl could not be started: ${error.message}`;
        reject(new Error(hint, { cause: error }));
      });
      child.once("close", (code) => {
        cleanup();
        if (aborted) {
          reject(request.signal?.reason ?? new Error("kubectl run was aborted"));
          return;
        }
        resolve({
          exitCode: code,
          stdout: stdout(),
          stderr: stderr(),
          truncated,
          timedOut,
          durationMs: Date.now() - started,
        });
      });
    });
  }
}

/** The credential material that must never come back to the caller, raw or base64-encoded as in the kubeconfig. */
function secretStrings(creds: ClusterCredentials): string[] {
  const raw = [creds.token, creds.clientKeyPem].filter((s): s is string => typeof s === "string" && s.length >= 8);
  return [...raw, ...raw.map(toBase64)];
}

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.replaceAll(secret, "[redacted]"), text);
}
