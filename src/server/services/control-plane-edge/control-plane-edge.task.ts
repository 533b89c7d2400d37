import type { BackgroundTask } from "@/server/services/background/background-task";
import { syncControlPlaneEdge, type ControlPlaneEdgeSyncDeps, type ControlPlaneEdgeSyncResult } from "./sync-control-plane-edge";

/**
 * The control-plane edge with provider haproxy (docs/control-plane-edge.md "Runtime"): every process that runs
 * background work drives its own local HAProxy, so it is not leader-gated; a cluster job ending in the process asks
 * for a pass at once. A pass HAProxy did not apply counts as failing and is retried with backoff. The outcome is
 * logged only when which clusters are served or skipped (and why) changed, so a steady edge writes no line.
 */
export const controlPlaneEdgeTask: BackgroundTask<ControlPlaneEdgeSyncDeps, ControlPlaneEdgeSyncResult> = {
  name: "control-plane-edge",
  scope: "each-process",
  intervalMs: (config) => config.controlPlaneEdge.syncIntervalSeconds * 1_000,
  triggers: ["cluster-lifecycle-job"],
  run: (deps) => syncControlPlaneEdge(deps),
  retry: (result) => (result.outcome === "not-applied" ? { reason: result.reason } : undefined),
  summary: (result) =>
    result.outcome === "not-applied"
      ? undefined
      : {
          level: "info",
          message: "control-plane edge pass",
          fields: {
            outcome: result.outcome,
            served: result.served.map((s) => ({ cluster_id: s.clusterId, hostname: s.hostname, node_port: s.nodePort, backends: s.backends.length })),
            skipped_clusters: result.skipped.map((s) => ({ cluster_id: s.clusterId, reason: s.reason })),
          },
          // Which clusters are served or skipped and why; `changed` vs `unchanged` alone is not news.
          key: JSON.stringify([result.served.map((s) => `${s.clusterId}=${s.hostname}:${s.nodePort}/${s.backends.length}`), result.skipped.map((s) => `${s.clusterId}:${s.reason}`)]),
        },
};
