import { ApiException, Observable, type ConfigurationOptions, type ObservableMiddleware } from "@kubernetes/client-node";
import { AppError } from "@/server/domain/errors";

/**
 * Per-call options: a timeout (a vCluster that stops answering must not hang a
 * console request or a drain) combined with the caller's signal. client-node
 * takes an AbortSignal only through request middleware.
 */
export function callOptions(timeoutMs: number, signal?: AbortSignal): ConfigurationOptions<ObservableMiddleware> {
  const middleware: ObservableMiddleware = {
    pre: (ctx) => {
      const timeout = AbortSignal.timeout(timeoutMs);
      ctx.setSignal(signal ? AbortSignal.any([timeout, signal]) : timeout);
      return new Observable(Promise.resolve(ctx));
    },
    post: (ctx) => new Observable(Promise.resolve(ctx)),
  };
  return { middleware: [middleware], middlewareMergeStrategy: "append" };
}

/** HTTP status of a failed client-node call, or undefined for network errors and timeouts. */
export function kubeStatusCode(err: unknown): number | undefined {
  return err instanceof ApiException ? err.code : undefined;
}

interface TransportFailure {
  name?: string;
  code?: string;
  message?: string;
}

/**
 * What a request that got no HTTP answer failed on. client-node's fetch (undici) rejects with
 * TypeError("fetch failed") and puts the socket or TLS error (ECONNREFUSED, …) in `cause`; a
 * timeout or cancel rejects with the signal's reason itself.
 */
export function transportFailure(err: unknown): TransportFailure {
  if (err instanceof TypeError && err.cause !== null && typeof err.cause === "object") return err.cause as TransportFailure;
  return (err ?? {}) as TransportFailure;
}

/** The API server's own explanation (Status.message), or what went wrong on the way. */
export function kubeErrorMessage(err: unknown): string {
  if (err instanceof ApiException) {
    try {
      const body: unknown = typeof err.body === "string" ? JSON.parse(err.body) : err.body;
      const message = (body as { message?: unknown } | null)?.message;
      if (typeof message === "string") return message;
    } catch {
      // Not a Status object: the code alone has to do.
    }
    return `HTTP ${err.code}`;
  }
  const e = transportFailure(err);
  if (e.name === "AbortError" || e.name === "TimeoutError") return "the request timed out or was cancelled";
  return e.code ?? e.message ?? String(err);
}

/**
 * A failed call as an error the console can show: it says what to do and
 * leaves the cluster address out; the cause keeps the details for the logs.
 */
export function clusterApiError(action: string, server: string, err: unknown): AppError {
  const detail = kubeErrorMessage(err);
  const cause = new Error(`${action} at ${server}: ${detail}`, { cause: err });
  const code = kubeStatusCode(err);
  if (code === 401 || code === 403) {
    return new AppError("PRECONDITION_FAILED", `The cluster refused the platform's credentials (could not ${action}). The cluster's access configuration needs repair; contact an administrator.`, { cause });
  }
  if (code !== undefined) {
    return new AppError("PRECONDITION_FAILED", `The cluster's API server could not ${action}: ${detail}`, { cause });
  }
  return new AppError("PRECONDITION_FAILED", `Could not reach the cluster's API server to ${action} (${detail}). Check that the cluster is running, then retry.`, { cause });
}
