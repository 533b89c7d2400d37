/**
 * Errors a use case raises on purpose. The API layer maps `code` to a tRPC
 * error code (and so to an HTTP status in the REST adapter); `message` is shown
 * to the caller, so it says what to do next.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PRECONDITION_FAILED"
  | "TOO_MANY_REQUESTS"
  /** The platform lacks configuration an operator must add (no host cluster); the message names it. */
  | "SERVICE_UNAVAILABLE";

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, message: string, opts: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} was not found.`);
