import { requireDatabaseUrl } from "@/server/config/env";
import { cleanExpiredKubeconfigs, type KubeconfigCleanupResult } from "@/server/services/kubeconfigs/clean-expired-kubeconfigs";
import type { KubeconfigDeps } from "@/server/services/kubeconfigs/kubeconfig-deps";
import type { Logger } from "@/server/observability/logger";
import { startLeaderPassLoop, type LeaderPassLoop } from "./leader-pass-loop";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import type { Runtime } from "./runtime";

/** Expired tokens already stop working; removing their ServiceAccounts is housekeeping, so every few minutes is enough. */
export const KUBECONFIG_CLEANUP_INTERVAL_MS = 5 * 60_000;

/**
 * Runs cleanExpiredKubeconfigs every `intervalMs` on the leader only (docs/cluster-access.md "Cleanup"). Unreachable
 * clusters are skipped inside a pass; a pass that fails as a whole (the database) is logged and retried with backoff.
 */
export function startKubeconfigCleanupLoop(
  deps: Omit<KubeconfigDeps, "defaultTtlSeconds">,
  options: { intervalMs: number; log: Logger; leadership: LoopLeadership; onPass?: (result: KubeconfigCleanupResult | Error) => void },
): LeaderPassLoop {
  return startLeaderPassLoop({ what: "kubeconfig cleanup", pass: () => cleanExpiredKubeconfigs(deps), ...options });
}

/** The loop of a job-processing process (LOOPS). */
export function startRuntimeKubeconfigCleanupLoop(runtime: Pick<Runtime, "deps" | "log" | "config">, owner: string): LeaderPassLoop {
  const log = runtime.log.child({ component: "kubeconfig-cleanup" });
  const { db, now, cluster, kubeconfigs } = runtime.deps;
  return startKubeconfigCleanupLoop(
    { db, now, log, cluster, accessIssuer: kubeconfigs.accessIssuer },
    { intervalMs: KUBECONFIG_CLEANUP_INTERVAL_MS, log, leadership: loopLeadership(requireDatabaseUrl(runtime.config), "kubeconfig-cleanup", owner, log) },
  );
}
