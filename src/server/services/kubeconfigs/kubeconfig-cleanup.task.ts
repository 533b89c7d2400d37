import type { BackgroundTask } from "@/server/services/background/background-task";
import { cleanExpiredKubeconfigs, type KubeconfigCleanupResult } from "./clean-expired-kubeconfigs";
import type { KubeconfigDeps } from "./kubeconfig-deps";

/** Expired tokens already stop working; removing their ServiceAccounts is housekeeping, so every few minutes is enough. */
export const KUBECONFIG_CLEANUP_INTERVAL_MS = 5 * 60_000;

/** Removes the ServiceAccounts of expired kubeconfigs from their vClusters (docs/cluster-access.md "Cleanup"). */
export const kubeconfigCleanupTask: BackgroundTask<Omit<KubeconfigDeps, "defaultTtlSeconds">, KubeconfigCleanupResult> = {
  name: "kubeconfig-cleanup",
  scope: "leader",
  intervalMs: () => KUBECONFIG_CLEANUP_INTERVAL_MS,
  run: (deps) => cleanExpiredKubeconfigs(deps),
  summary: (result) =>
    result.skippedClusters.length > 0
      ? { level: "warn", message: "expired kubeconfigs of some clusters not cleaned up; retried at the next pass", fields: { skipped: result.skippedClusters.map((s) => ({ cluster_id: s.clusterId, reason: s.reason })) } }
      : undefined,
};
