/**
 * A DNS provider call that failed. `transient` failures (the provider's 5xx,
 * 429 rate limiting, no answer / network errors) are worth retrying as they
 * are; `permanent` ones (a rejected token, missing permission, a record the
 * provider refuses) need an operator to change something first. The message is
 * the provider's own, never containing the API token.
 */
export type DnsProviderErrorKind = "transient" | "permanent";

export class DnsProviderError extends Error {
  readonly kind: DnsProviderErrorKind;
  /** HTTP status when the provider answered; undefined for network failures. */
  readonly status: number | undefined;
  /** Seconds the provider asked us to wait (Retry-After on a 429), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DnsProviderErrorKind, message: string, opts: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "DnsProviderError";
    this.kind = kind;
    this.status = opts.status;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

/** 429 and 5xx are the provider being busy or broken; every other 4xx is about our request or credentials. */
export function kindOfHttpStatus(status: number): DnsProviderErrorKind {
  return status === 429 || status >= 500 ? "transient" : "permanent";
}
