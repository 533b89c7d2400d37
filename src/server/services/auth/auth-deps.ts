import type { ApiKeyCache } from "./api-key-cache";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { PasswordHasher } from "./ports";

/** What sign-in, sessions and password checks need beyond the shared deps. */
export interface AuthDeps extends ServiceDeps {
  hasher: PasswordHasher;
  /** Absolute session lifetime from login (KUBEBYON_SESSION_TTL_HOURS). */
  sessionTtlHours: number;
  /** Idle timeout: a session not seen for this long ends (KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES). */
  sessionIdleMinutes: number;
  /** API key → owner for a few seconds (KUBEBYON_API_KEY_CACHE_SECONDS), dropped on every credential change. */
  apiKeyCache: ApiKeyCache;
}
