import type { BackgroundTask } from "@/server/services/background/background-task";
import { cleanUpJoinTokens, type JoinTokenCleanupDeps, type JoinTokenCleanupResult } from "./clean-up-join-tokens";

/**
 * Expired, used-up and revoked join tokens leave their vClusters, then the database (docs/join-tokens.md "Cleanup"); one
 * process talks to the vClusters. A skipped cluster is logged when it is first skipped or its error changes, and once
 * when it is cleaned again — never per token: the memory of what was reported lives in the task made per process.
 */
export function joinTokenCleanupTask(): BackgroundTask<JoinTokenCleanupDeps, JoinTokenCleanupResult> {
  const reported = new Map<string, string>();
  return {
    name: "join-token-cleanup",
    scope: "leader",
    intervalMs: (config) => config.joinTokenCleanup.intervalSeconds * 1_000,
    async run(deps) {
      const result = await cleanUpJoinTokens(deps);
      for (const { clusterId, error } of result.skipped) {
        if (reported.get(clusterId) !== error) deps.log.warn("join tokens of a cluster not cleaned up; retried at the next pass", { cluster_id: clusterId, error });
        reported.set(clusterId, error);
      }
      for (const clusterId of new Set(result.cleaned.map((c) => c.clusterId))) {
        if (reported.delete(clusterId)) deps.log.info("join tokens of a cluster are cleaned up again", { cluster_id: clusterId });
      }
      return result;
    },
    summary: (result) =>
      result.cleaned.length > 0 || result.deleted > 0 ? { level: "info", message: "join tokens cleaned up", fields: { cleaned: result.cleaned.length, deleted_rows: result.deleted } } : undefined,
  };
}
