import { execFile } from "node:child_process";
import { classifyHelmOutput, type ClassifiedFailure, type FailureClass } from "@/server/domain/jobs/failure-class";
import { childProcessEnv } from "./child-process-env";

/** A failed helm run; `message` is helm's own stderr (trimmed) so users see what helm said. */
export class HelmError extends Error implements ClassifiedFailure {
  readonly args: readonly string[];
  readonly stderr: string;
  readonly exitCode: number | null;
  /** A missing binary is configuration; a timeout or cancel may pass; otherwise helm's words decide. */
  readonly failureClass: FailureClass;

  constructor(
    message: string,
    opts: { args: readonly string[]; stderr: string; exitCode: number | null; cause?: unknown; failureClass?: FailureClass },
  ) {
    super(message, { cause: opts.cause });
    this.name = "HelmError";
    this.args = opts.args;
    this.stderr = opts.stderr;
    this.exitCode = opts.exitCode;
    this.failureClass = opts.failureClass ?? classifyHelmOutput(opts.stderr);
  }
}

export interface HelmCliOptions {
  /** Path or name of the helm binary (KUBEBYON_HELM_BIN). */
  bin: string;
  /** Host kubeconfig (KUBEBYON_KUBECONFIG_PATH); unset means helm's own discovery (in-cluster). */
  kubeconfigPath?: string;
  /** Keeps helm's cache/config/data out of $HOME (tests, read-only homes). */
  helmHome?: string;
  /** Default per-command timeout. */
  timeoutMs?: number;
}

export interface HelmResult {
  stdout: string;
  stderr: string;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Where helm keeps repositories, cache and registry logins (its own variables, then the XDG ones it derives them from). */
const HELM_ENV = [
  "HELM_CACHE_HOME",
  "HELM_CONFIG_HOME",
  "HELM_DATA_HOME",
  "HELM_REPOSITORY_CONFIG",
  "HELM_REPOSITORY_CACHE",
  "HELM_REGISTRY_CONFIG",
  "XDG_CACHE_HOME",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
];

/** Without KUBEBYON_KUBECONFIG_PATH helm finds the host cluster as client-go does: KUBECONFIG, else the in-cluster service account. */
const IN_CLUSTER_ENV = ["KUBECONFIG", "KUBERNETES_SERVICE_HOST", "KUBERNETES_SERVICE_PORT"];

/**
 * Runs helm with execFile (no shell, so values never get interpreted), in the
 * minimal child environment (childProcessEnv: none of the platform's secrets),
 * and turns failures into HelmError carrying helm's stderr.
 */
export class HelmCli {
  constructor(private readonly opts: HelmCliOptions) {}

  run(args: readonly string[], call: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<HelmResult> {
    const fullArgs = this.opts.kubeconfigPath ? [...args, "--kubeconfig", this.opts.kubeconfigPath] : [...args];
    const env = childProcessEnv({
      // With --kubeconfig given, an inherited KUBECONFIG would only add contexts to helm's merged view.
      passThrough: this.opts.kubeconfigPath ? HELM_ENV : [...HELM_ENV, ...IN_CLUSTER_ENV],
      set: this.opts.helmHome
        ? { HELM_CACHE_HOME: `${this.opts.helmHome}/cache`, HELM_CONFIG_HOME: `${this.opts.helmHome}/config`, HELM_DATA_HOME: `${this.opts.helmHome}/data` }
        : {},
    });
    const timeoutMs = call.timeoutMs ?? this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const command = `helm ${args[0] ?? ""}`.trim();
    return new Promise((resolve, reject) => {
      execFile(
        this.opts.bin,
        fullArgs,
        { env, timeout: timeoutMs, signal: call.signal, maxBuffer: 16 * 1024 * 1024, killSignal: "SIGTERM" },
        (err, stdout, stderr) => {
          if (!err) {
            resolve({ stdout, stderr });
            return;
          }
          const details = { args, stderr: stderr.trim(), exitCode: typeof err.code === "number" ? err.code : null, cause: err };
          if (call.signal?.aborted) {
            reject(new HelmError(`${command} was cancelled`, { ...details, failureClass: "transient" }));
          } else if (err.killed) {
            reject(new HelmError(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`, { ...details, failureClass: "transient" }));
          } else if (err.code === "ENOENT") {
            reject(new HelmError(`helm binary "${this.opts.bin}" was not found: install helm or set KUBEBYON_HELM_BIN to its path`, { ...details, failureClass: "permanent" }));
          } else {
            reject(new HelmError(details.stderr || err.message, details));
          }
        },
      );
    });
  }
}
