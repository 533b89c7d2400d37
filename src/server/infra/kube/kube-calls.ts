import { STATUS_CODES } from "node:http";
import { ApiException, Observable, type ConfigurationOptions, type ObservableMiddleware, type V1Secret } from "@kubernetes/client-node";
import { classifyHttpStatus, type ClassifiedFailure, type FailureClass } from "@/server/domain/jobs/failure-class";

// The one way adapters in infra/kube pass limits to client-node and read its failures and Secrets,
// so every adapter times out, cancels and reports errors alike.

/**
 * Per-call options: a timeout (a cluster that stops answering must not hang a
 * console request, a drain or a job) and/or the caller's signal. client-node
 * takes an AbortSignal only through request middleware; the timeout starts when
 * the request does, not when the options are built.
 */
export function callOptions(limits: { timeoutMs?: number; signal?: AbortSignal }): ConfigurationOptions<ObservableMiddleware> {
  const middleware: ObservableMiddleware = {
    pre: (ctx) => {
      const timeout = limits.timeoutMs === undefined ? undefined : AbortSignal.timeout(limits.timeoutMs);
      const signal = timeout && limits.signal ? AbortSignal.any([timeout, limits.signal]) : (timeout ?? limits.signal);
      if (signal) ctx.setSignal(signal);
      return new Observable(Promise.resolve(ctx));
    },
    post: (ctx) => new Observable(Promise.resolve(ctx)),
  };
  return { middleware: [middleware], middlewareMergeStrategy: "append" };
}

/** The fields of a Kubernetes Status object (metav1.Status) that explain a failure. */
export interface KubeStatus {
  code?: number;
  reason?: string;
  message?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const nonEmptyString = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** A Status object, or the body of a failed response that should hold one (client-node leaves it as JSON text). */
export function parseKubeStatus(body: unknown): KubeStatus {
  const value = typeof body === "string" ? parsedJson(body) : body;
  if (!isRecord(value)) return {};
  return {
    code: typeof value.code === "number" ? value.code : undefined,
    reason: nonEmptyString(value.reason),
    message: nonEmptyString(value.message),
  };
}

/**
 * The HTTP status a client-node failure carries, or undefined when no answer
 * came (network error, timeout, cancel). Generated API clients throw
 * ApiException (`code`); Watch fails with an Error carrying `statusCode`; a
 * watch ERROR event delivers a Status object (`code`).
 */
export function kubeStatusOf(err: unknown): number | undefined {
  if (err instanceof KubeApiError) return err.status;
  if (err instanceof ApiException) return err.code;
  if (err instanceof Error) return "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : undefined;
  return parseKubeStatus(err).code;
}

const isAbort = (err: unknown) => err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError");

/** Why a call got no answer: `explanation` without the server's address, `detail` in the network layer's own words. */
function noAnswer(err: unknown): { explanation: string; detail: string } {
  if (isAbort(err)) return { explanation: "the request timed out or was cancelled", detail: "the request timed out or was cancelled" };
  // node-fetch puts the system error's code on its own error; undici's "fetch failed" carries the system error as `cause`.
  const system = isRecord(err) && !nonEmptyString(err.code) && isRecord(err.cause) && nonEmptyString(err.cause.code) ? err.cause : err;
  const code = isRecord(system) ? nonEmptyString(system.code) : undefined;
  const text = (isRecord(system) ? nonEmptyString(system.message) : undefined) ?? (isRecord(err) ? "unknown error" : String(err));
  return { explanation: code ?? text, detail: code && !text.includes(code) ? `${code} ${text}` : text };
}

function describe(err: unknown, status: number | undefined, apiStatus: KubeStatus): { explanation: string; detail: string } {
  const answer = status === undefined ? apiStatus.message : `${apiStatus.message ?? STATUS_CODES[status] ?? "error"} (HTTP ${status})`;
  return answer === undefined ? noAnswer(err) : { explanation: answer, detail: answer };
}

/**
 * A failed call to a Kubernetes API server, whichever way client-node reported
 * it. `explanation` is the API's message with the HTTP status, or a network
 * error code, so adapters can show it to users without the server's address;
 * `message` puts the action in front; the original failure is the cause.
 */
export class KubeApiError extends Error implements ClassifiedFailure {
  /** HTTP status of the API server's answer; undefined when no answer came. */
  readonly status: number | undefined;
  /** Status.reason (NotFound, AlreadyExists, TooManyRequests…) when the answer was a Status. */
  readonly reason: string | undefined;
  /** The API server's own message with the status, or what went wrong on the way. */
  readonly explanation: string;
  /** For operators: like `explanation`, but a network failure in its own words, which may name the server. */
  readonly detail: string;

  constructor(
    fields: { status: number | undefined; reason: string | undefined; explanation: string; detail: string; action?: string },
    opts: { cause?: unknown } = {},
  ) {
    super(fields.action === undefined ? fields.explanation : `${fields.action} failed: ${fields.explanation}`, { cause: opts.cause });
    this.name = "KubeApiError";
    this.status = fields.status;
    this.reason = fields.reason;
    this.explanation = fields.explanation;
    this.detail = fields.detail;
  }

  /** Whether a job should retry after this failure (the rules: domain/jobs/failure-class.ts). */
  get failureClass(): FailureClass {
    return classifyHttpStatus(this.status);
  }

  /** The API server did not accept who the platform is or what it may do (401/403). */
  get refusedCredentials(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** Any client-node failure as a KubeApiError; `action` ("reading Secret ns/x") leads the message. */
  static from(err: unknown, action?: string): KubeApiError {
    if (err instanceof KubeApiError) {
      if (action === undefined) return err;
      const { status, reason, explanation, detail } = err;
      return new KubeApiError({ status, reason, explanation, detail, action }, { cause: err.cause });
    }
    const status = kubeStatusOf(err);
    const apiStatus = err instanceof ApiException ? parseKubeStatus(err.body) : err instanceof Error ? {} : parseKubeStatus(err);
    return new KubeApiError({ status, reason: apiStatus.reason, ...describe(err, status, apiStatus), action }, { cause: err });
  }
}

const NO_SUCH_RESOURCE = /could not find the requested resource/;

/**
 * A 404 because the apiserver does not serve the resource type at all (its CRDs are not installed), as opposed
 * to a missing object or namespace (always a Status, reason NotFound, `<kind> "<name>" not found`). Measured on
 * kube-apiserver 1.37: an unserved resource of a CRD group answers the plain text "404 page not found" (no
 * Status); older servers answer a Status "the server could not find the requested resource".
 */
export function resourceNotServed(failure: KubeApiError): boolean {
  return failure.status === 404 && (failure.reason === undefined || NO_SUCH_RESOURCE.test(failure.explanation));
}

/** Base64 (as Secrets and kubeconfigs carry their data) to text; empty or missing stays undefined. */
export const fromBase64 = (value: string | undefined): string | undefined => (value ? Buffer.from(value, "base64").toString("utf8") : undefined);

/** Text to base64, the way kubeconfigs embed certificates and keys. */
export const toBase64 = (text: string): string => Buffer.from(text, "utf8").toString("base64");

/** One value of a Secret's `data` as text: client-node hands it over base64-encoded, as the API sends it. */
export const decodeSecretValue = (secret: V1Secret, key: string): string | undefined => fromBase64(secret.data?.[key]);

/** Resolves after `ms`, or at once when `signal` aborts; the caller checks `signal.aborted` to tell which. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", done, { once: true });
  });
}
