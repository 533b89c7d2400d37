import { requireDatabaseUrl } from "@/server/config/env";
import { evaluateNodeAlerts, nodeAlertSettings, type NodeAlertDeps } from "@/server/services/node-health/evaluate-node-alerts";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { errorMessage, startPeriodicPass } from "./periodic-pass";
import type { Runtime } from "./runtime";

/** The evaluator's dependencies in a process that runs jobs (KUBEBYON_NODE_ALERT_*). */
export function buildNodeAlertDeps(runtime: Pick<Runtime, "config" | "deps" | "log">): NodeAlertDeps {
  const { db, now } = runtime.deps;
  return { db, now, log: runtime.log.child({ component: "node-alerts" }), settings: nodeAlertSettings(runtime.config.nodeAlerts) };
}

/**
 * Evaluates the node health alerts of every observed cluster every `intervalMs`
 * (KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS), once at start: thresholds are crossed by time passing,
 * with no node event to react to. Of several job-processing processes only the leader evaluates; the
 * writes are conditional anyway (apply-node-alert-action.ts), so the observer's immediate evaluation
 * in another process cannot double a notification. Returns a stop function that waits for a pass in
 * progress and gives up the lead.
 */
export function startNodeAlertLoop(deps: NodeAlertDeps, intervalMs: number, leadership: LoopLeadership): () => Promise<void> {
  const stop = startPeriodicPass({
    intervalMs,
    run: async () => {
      if (await leadership.leads()) await evaluateNodeAlerts(deps);
    },
    onError: (error) => deps.log.warn("the node health alert pass failed", { error: errorMessage(error) }),
  });
  return async () => {
    await stop();
    await leadership.close();
  };
}

export function startRuntimeNodeAlertLoop(runtime: Runtime, owner: string): () => Promise<void> {
  return startNodeAlertLoop(buildNodeAlertDeps(runtime), runtime.config.nodeAlerts.checkIntervalSeconds * 1_000, loopLeadership(requireDatabaseUrl(runtime.config), "node-alerts", owner, runtime.log));
}
