import { AppError } from "@/server/domain/errors";

interface ResponseMetaInput {
  errors: ReadonlyArray<{ cause?: unknown }>;
}

/** 429s carry Retry-After, for tRPC and REST alike. */
export function responseMeta({ errors }: ResponseMetaInput): { headers?: Record<string, string> } {
  for (const e of errors) {
    if (e.cause instanceof AppError && e.cause.retryAfterSeconds) {
      return { headers: { "Retry-After": String(e.cause.retryAfterSeconds) } };
    }
  }
  return {};
}
