import { requireDatabaseUrl } from "@/server/config/env";
import type { Logger } from "@/server/observability/logger";
import { cleanUpJoinTokens, type JoinTokenCleanupDeps, type JoinTokenCleanupResult } from "@/server/services/join-tokens/clean-up-join-tokens";
import { startLeaderPassLoop, type LeaderPassLoop } from "./leader-pass-loop";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import type { Runtime } from "./runtime";

export type JoinTokenCleanupLoop = LeaderPassLoop;

/**
 * Runs cleanUpJoinTokens every `intervalMs` on the leader only (one process talks to the vClusters). A cluster the
 * pass skips is logged when it is first skipped or its error changes, and once when it is cleaned again, not at
 * every pass and never per token; a pass that fails as a whole is logged and retried by the leader-pass loop.
 */
export function startJoinTokenCleanupLoop(
  deps: JoinTokenCleanupDeps,
  options: { intervalMs: number; log: Logger; leadership: LoopLeadership; onPass?: (result: JoinTokenCleanupResult | Error) => void },
): JoinTokenCleanupLoop {
  const reported = new Map<string, string>();
  return startLeaderPassLoop({
    what: "join token cleanup",
    pass: () => cleanUpJoinTokens(deps),
    intervalMs: options.intervalMs,
    log: options.log,
    leadership: options.leadership,
    onPass: (result) => {
      if (!(result instanceof Error)) logPass(options.log, reported, result);
      options.onPass?.(result);
    },
  });
}

function logPass(log: Logger, reported: Map<string, string>, result: JoinTokenCleanupResult): void {
  for (const { clusterId, error } of result.skipped) {
    if (reported.get(clusterId) !== error) log.warn("join tokens of a cluster not cleaned up; retried at the next pass", { cluster_id: clusterId, error });
    reported.set(clusterId, error);
  }
  for (const clusterId of new Set(result.cleaned.map((c) => c.clusterId))) {
    if (reported.delete(clusterId)) log.info("join tokens of a cluster are cleaned up again", { cluster_id: clusterId });
  }
  if (result.cleaned.length > 0 || result.deleted > 0) log.info("join tokens cleaned up", { cleaned: result.cleaned.length, deleted_rows: result.deleted });
}

/** The loop of a job-processing process (LOOPS). */
export function startRuntimeJoinTokenCleanupLoop(runtime: Pick<Runtime, "deps" | "log" | "config" | "clusterRuntime">, owner: string): JoinTokenCleanupLoop {
  const log = runtime.log.child({ component: "join-token-cleanup" });
  const { db, now } = runtime.deps;
  return startJoinTokenCleanupLoop(
    { db, log, now, resolver: runtime.clusterRuntime.resolver, issuer: runtime.deps.join.issuer, retentionDays: runtime.config.joinTokenCleanup.retentionDays },
    {
      intervalMs: runtime.config.joinTokenCleanup.intervalSeconds * 1_000,
      log,
      leadership: loopLeadership(requireDatabaseUrl(runtime.config), "join-token-cleanup", owner, log),
    },
  );
}
