import type { BadgeTone } from "@/components/ui/badge";
import type { ClusterItem } from "./cluster-types";

export type WorkloadEdgeStatus = ClusterItem["workload_edge_status"];

/** The workload edge's state for a cluster or a hostname binding, written by the platform's syncer. */
export const WORKLOAD_EDGE_STATUS_TONE: Record<WorkloadEdgeStatus, BadgeTone> = {
  disabled: "neutral",
  pending: "warning",
  ready: "success",
  error: "danger",
};

/**
 * Whether the syncer has ever written this cluster's edge state: every state it writes, "disabled"
 * included, carries a message, so disabled with neither message nor sync time means no pass ran (the
 * deployment has not turned the workload Gateway on), and the card must not suggest otherwise.
 */
export function workloadEdgeNeverSynced(c: Pick<ClusterItem, "workload_edge_status" | "workload_edge_message" | "workload_edge_last_synced_at">): boolean {
  return c.workload_edge_status === "disabled" && c.workload_edge_message === null && c.workload_edge_last_synced_at === null;
}
