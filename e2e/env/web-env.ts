import { randomBytes } from "node:crypto";
import { downHostKubeconfig } from "./down-host-kubeconfig";

/**
 * Environment for exercising the web process's route handlers in-process:
 * they read configuration through loadConfig(), once, so set this before the
 * first route module is imported. A host cluster is configured (one that is
 * down, unless `extra` names a real one), as on a real installation.
 */
export function webTestEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    KUBEBYON_AUTH_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_URL: "http://127.0.0.1:3999",
    KUBEBYON_ADMIN_EMAIL: "admin@example.test",
    KUBEBYON_ADMIN_PASSWORD: "correct-horse-battery-staple",
    KUBEBYON_LOG_LEVEL: "warn",
    KUBEBYON_KUBECONFIG_PATH: downHostKubeconfig(),
    ...extra,
  };
}
