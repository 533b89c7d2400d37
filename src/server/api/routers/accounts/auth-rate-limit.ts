import { AppError } from "@/server/domain/errors";
import type { ApiContext } from "@/server/api/context";

/** The account actions that share the auth limiter (KUBEBYON_AUTH_RATE_LIMIT_*), each with its own bucket per client address. */
export type AccountRateLimitedAction = "register" | "code_send" | "code_verify" | "reset_request" | "reset_complete";

/** 429 with Retry-After (set by responseMeta from the AppError) when the client address used up its burst. */
export function takeAuthRateLimit(ctx: Pick<ApiContext, "deps" | "origin">, action: AccountRateLimitedAction): void {
  const decision = ctx.deps.limiters.auth.take(`${action}:${ctx.origin.ip ?? "unknown"}`);
  if (!decision.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", `Too many attempts from your address. Wait ${decision.retryAfterSeconds} s and try again.`, {
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
}
