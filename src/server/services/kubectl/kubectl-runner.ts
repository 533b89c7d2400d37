import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";

export interface KubectlRunRequest {
  credentials: ClusterCredentials;
  /** Arguments after `kubectl`; the runner refuses anything the read-only policy denies. */
  argv: readonly string[];
  /** Hard limit for the whole process; it is killed when reached. */
  timeoutMs: number;
  /** Per stream (stdout, stderr); output beyond it is dropped and the process stopped. */
  maxOutputBytes: number;
  signal?: AbortSignal;
}

export interface KubectlRunResult {
  /** null when the process was killed (timeout, output cap). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
  durationMs: number;
}

/** Runs one read-only kubectl command against a cluster (console kubectl proxy). */
export interface KubectlRunner {
  run(request: KubectlRunRequest): Promise<KubectlRunResult>;
}
