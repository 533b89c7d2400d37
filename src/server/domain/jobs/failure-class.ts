import { AppError, type AppErrorCode } from "@/server/domain/errors";

/**
 * Whether running a failed job again can help. `permanent`: a configuration error or a refusal the
 * server will repeat word for word (fix the cause, then ask again) — the job fails at once with the
 * message. `transient`: no answer, a timeout, a 5xx, a conflict or rate limit — the job retries.
 * The one place these rules live: the job runner and every cluster job handler ask classifyFailure.
 */
export type FailureClass = "permanent" | "transient";

/** An error that knows its class (KubeApiError from its HTTP status, HelmError from helm's words, PermanentJobError). */
export interface ClassifiedFailure {
  readonly failureClass: FailureClass;
}

/**
 * An API server's answer. No answer (network, timeout) is transient; 408 (timeout), 409 (a conflict
 * on resourceVersion, or an object still terminating) and 429 (rate limit; the apiserver asks to come
 * back) are transient; any other 4xx (forbidden, not found, invalid, quota exceeded) repeats
 * until someone changes something. 5xx is the server's own trouble and may pass.
 */
export function classifyHttpStatus(status: number | undefined): FailureClass {
  if (status === undefined) return "transient";
  if (status === 408 || status === 409 || status === 429) return "transient";
  return status >= 400 && status < 500 ? "permanent" : "transient";
}

/**
 * helm's own words where they are unambiguous: the chart or its version does not exist, the values
 * break the chart's schema or templates, or the apiserver refused an object (RBAC, quota, an immutable
 * field). Anything
 * else (cluster unreachable, another operation in progress, ownership conflicts an operator may be
 * clearing) is retried.
 */
const PERMANENT_HELM_OUTPUT: readonly RegExp[] = [
  /\bpath "[^"]*" not found\b/i,
  /\bchart "[^"]*"(?: version "[^"]*")? not found\b/i,
  /\bno chart version found\b/i,
  /\bno chart name found\b/i,
  /\bfailed to fetch [^\n]*: 404\b/i,
  /\bvalues don't meet the specifications of the schema/i,
  /\berror converting YAML to JSON\b/i,
  /\bfailed to parse [^\n]*values/i,
  /\bexecution error at \(/i,
  /\bparse error at \(/i,
  /\bYAML parse error on\b/i,
  /\btemplate: [^\n]*: executing "[^"]*" at </i,
  /\bis forbidden:/i,
  /\bexceeded quota\b/i,
  // An upgrade that changes an immutable field (a StatefulSet's volumeClaimTemplates when the
  // storage class changes): the apiserver refuses it the same way every time.
  /\bfield is immutable\b/i,
];

export function classifyHelmOutput(stderr: string): FailureClass {
  return PERMANENT_HELM_OUTPUT.some((pattern) => pattern.test(stderr)) ? "permanent" : "transient";
}

/**
 * A use case's own refusal. CONFLICT (e.g. the namespace is still terminating) and TOO_MANY_REQUESTS
 * pass with time; the rest are configuration or input a retry repeats. SERVICE_UNAVAILABLE is used
 * for missing platform configuration (no host cluster), which needs an operator, not a retry.
 */
export function classifyAppErrorCode(code: AppErrorCode): FailureClass {
  return code === "CONFLICT" || code === "TOO_MANY_REQUESTS" ? "transient" : "permanent";
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function ownClass(error: unknown): FailureClass | undefined {
  if (!isRecord(error)) return undefined;
  const value = error.failureClass;
  return value === "permanent" || value === "transient" ? value : undefined;
}

/**
 * The class of a failure. The outermost error that knows its class decides; an AppError is a
 * message for people wrapping what happened, so when it carries a classified cause (an unreachable
 * apiserver behind "Could not reach the cluster's API server…") that cause decides, and its code
 * only when nothing underneath knows better. Anything unknown is retried, as before.
 */
export function classifyFailure(error: unknown): FailureClass {
  let fallback: FailureClass | undefined;
  const seen = new Set<unknown>();
  for (let current: unknown = error; isRecord(current) && !seen.has(current); current = current.cause) {
    seen.add(current);
    const own = ownClass(current);
    if (own) return own;
    if (current instanceof AppError) fallback ??= classifyAppErrorCode(current.code);
  }
  return fallback ?? "transient";
}
