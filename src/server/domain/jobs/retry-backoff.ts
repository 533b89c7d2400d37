/**
 * How long a failed job waits before its next attempt. Exponential so a
 * broken dependency (apiserver down, helm repo unreachable) is not hammered,
 * capped so a job still retries within minutes once the dependency is back.
 */
export interface BackoffPolicy {
  baseMs: number;
  factor: number;
  maxMs: number;
  /** Fraction (0..1) of the delay that is randomised so many failed jobs do not retry in lockstep. */
  jitter: number;
}

export const defaultBackoffPolicy: BackoffPolicy = { baseMs: 5_000, factor: 2, maxMs: 5 * 60_000, jitter: 0.2 };

/**
 * Delay before attempt `attempts + 1`, given `attempts` already made (>= 1).
 * `random` is injectable so the rule is testable; it must return [0, 1).
 */
export function retryDelayMs(attempts: number, policy: BackoffPolicy = defaultBackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const raw = Math.min(policy.maxMs, policy.baseMs * policy.factor ** exponent);
  const jitter = Math.min(1, Math.max(0, policy.jitter));
  // Jitter only shortens the delay so maxMs stays a hard upper bound.
  const delay = raw * (1 - jitter * random());
  return Math.max(0, Math.round(delay));
}

export type FailureOutcome = { status: "pending"; retryInMs: number } | { status: "failed" } | { status: "dead" };

/**
 * What a failed attempt turns the job into: another try later; `failed` when
 * the error says retrying cannot help; `dead` when no attempts are left.
 */
export function decideFailureOutcome(input: {
  attempts: number;
  maxAttempts: number;
  retry: boolean;
  policy?: BackoffPolicy;
  random?: () => number;
}): FailureOutcome {
  if (!input.retry) return { status: "failed" };
  if (input.attempts >= input.maxAttempts) return { status: "dead" };
  return { status: "pending", retryInMs: retryDelayMs(input.attempts, input.policy, input.random) };
}
