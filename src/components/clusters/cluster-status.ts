import type { BadgeTone } from "@/components/ui/badge";
import type { ClusterItem, ClusterOperationItem } from "./cluster-types";

export const CLUSTER_STATUS_TONE: Record<ClusterItem["status"], BadgeTone> = {
  provisioning: "info",
  ready: "success",
  updating: "info",
  error: "danger",
  deleting: "warning",
  deleted: "neutral",
};

/** connection_status as the probe keeps it (docs/cluster-runtime.md "Control-plane health"). */
export const CONNECTION_STATUS_TONE: Record<ClusterItem["connection_status"], BadgeTone> = {
  unknown: "neutral",
  connected: "success",
  unreachable: "danger",
  disabled: "neutral",
};

export const STEP_STATUS_TONE: Record<ClusterOperationItem["steps"][number]["status"], BadgeTone> = {
  pending: "neutral",
  running: "info",
  succeeded: "success",
  failed: "danger",
  skipped: "neutral",
};

export const STEP_STATUS_ICON: Record<ClusterOperationItem["steps"][number]["status"], string> = {
  pending: "○",
  running: "◐",
  succeeded: "✓",
  failed: "✕",
  skipped: "–",
};

/** The timeline keeps polling while any operation can still change. */
export function hasActiveOperation(ops: readonly Pick<ClusterOperationItem, "status">[]): boolean {
  return ops.some((op) => op.status === "pending" || op.status === "running");
}

export const JOIN_TTL_OPTIONS = [
  { key: "1h", seconds: 3_600 },
  { key: "6h", seconds: 21_600 },
  { key: "24h", seconds: 86_400 },
  { key: "7d", seconds: 604_800 },
] as const;
export type JoinTtlKey = (typeof JOIN_TTL_OPTIONS)[number]["key"];
