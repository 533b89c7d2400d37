import { requireDatabaseUrl } from "@/server/config/env";
import { retryDelayMs, type BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { Logger } from "@/server/observability/logger";
import { syncAdmissionWebhooks, type AdmissionWebhookSyncDeps, type AdmissionWebhookSyncResult } from "@/server/services/admission/sync-admission-webhooks";
import { admissionWebhookSyncDeps } from "./admission-webhook-sync-deps";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { errorMessage } from "./periodic-pass";
import type { Runtime } from "./runtime";
import { startSerialLoop } from "./serial-loop";

export interface AdmissionWebhookLoop {
  /** A pass soon, in any process (a cluster job just ended here); requests during a pass fold into one more. */
  requestPass(): void;
  stop(): Promise<void>;
}

/** After a failed pass (the database or the pass lock): 2 s, doubling, never later than the interval. */
const retryBackoff = (intervalMs: number): BackoffPolicy => ({ baseMs: Math.min(2_000, intervalMs), factor: 2, maxMs: intervalMs, jitter: 0.2 });

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
  let lastError: string | undefined;
  let failures = 0;
  const loop = startSerialLoop(async (trigger) => {
    try {
      if (trigger === "request" || (await options.leadership.leads())) {
        const result = await syncAdmissionWebhooks(deps);
        if (lastError !== undefined) options.log.info("admission webhook passes work again");
        lastError = undefined;
        failures = 0;
        options.onPass?.(result);
      }
      return options.intervalMs;
    } catch (error) {
      const text = errorMessage(error);
      failures += 1;
      if (text !== lastError) options.log.warn("admission webhook pass failed; retried at the next pass", { error: text });
      lastError = text;
      options.onPass?.(error instanceof Error ? error : new Error(text));
      return retryDelayMs(failures, retryBackoff(options.intervalMs));
    }
  });
  return {
    requestPass: () => loop.requestPass(),
    async stop() {
      await loop.stop();
      await options.leadership.close();
    },
  };
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
