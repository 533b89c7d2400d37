import { requireDatabaseUrl } from "@/server/config/env";
import type { Logger } from "@/server/observability/logger";
import { syncAdmissionWebhooks, type AdmissionWebhookSyncDeps, type AdmissionWebhookSyncResult } from "@/server/services/admission/sync-admission-webhooks";
import { admissionWebhookSyncDeps } from "./admission-webhook-sync-deps";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import type { Runtime } from "./runtime";
import { startLeaderPassLoop, type LeaderPassLoop } from "./leader-pass-loop";

export type AdmissionWebhookLoop = LeaderPassLoop;

/**
 * Runs syncAdmissionWebhooks every `intervalMs` on the leader only (one process reads back every vCluster's
 * configuration per interval, not each worker), and whenever requestPass() is called in any process: those passes
 * and the leader's are serialised by the pass lock. Per-cluster failures are cluster statuses; a pass that fails as a
 * whole is logged when its message differs from the last one's and retried with backoff.
 */
export function startAdmissionWebhookLoop(
  deps: AdmissionWebhookSyncDeps,
  options: { intervalMs: number; log: Logger; leadership: LoopLeadership; onPass?: (result: AdmissionWebhookSyncResult | Error) => void },
): AdmissionWebhookLoop {
  return startLeaderPassLoop({ what: "admission webhook", pass: () => syncAdmissionWebhooks(deps), ...options });
}

/**
 * The loop of a job-processing process (LOOPS). It runs with the webhook off too: then each pass removes the
 * configurations applied earlier and marks every cluster disabled. Throws ConfigError when enabled without a URL.
 */
export function startRuntimeAdmissionWebhookLoop(runtime: Pick<Runtime, "deps" | "log" | "config" | "clusterRuntime" | "process">, owner: string): AdmissionWebhookLoop {
  const log = runtime.log.child({ component: "admission-webhook" });
  const deps = admissionWebhookSyncDeps({ config: runtime.config, db: runtime.deps.db, log, now: runtime.deps.now, resolver: runtime.clusterRuntime.resolver, processName: runtime.process });
  return startAdmissionWebhookLoop(deps, {
    intervalMs: runtime.config.admissionWebhook.syncIntervalSeconds * 1_000,
    log,
    leadership: loopLeadership(requireDatabaseUrl(runtime.config), "admission-webhook", owner, log),
  });
}
