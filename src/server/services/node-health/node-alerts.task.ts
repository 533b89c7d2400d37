import type { BackgroundTask } from "@/server/services/background/background-task";
import { evaluateNodeAlerts, type EvaluationCounts, type NodeAlertDeps } from "./evaluate-node-alerts";

/**
 * Node health alerts whose thresholds are crossed by time passing, with no node event to react to
 * (KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS). The observer also evaluates a cluster right after its node events in
 * any process; the writes are conditional (apply-node-alert-action.ts), so that cannot double a notification.
 */
export const nodeAlertsTask: BackgroundTask<NodeAlertDeps, EvaluationCounts> = {
  name: "node-alerts",
  scope: "leader",
  intervalMs: (config) => config.nodeAlerts.checkIntervalSeconds * 1_000,
  run: (deps) => evaluateNodeAlerts(deps),
};
