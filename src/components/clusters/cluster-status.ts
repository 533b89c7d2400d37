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

export type PublicAccessForm = { name: string; enabled: boolean; mode: "nodeport" | "loadbalancer"; host: string };

/** What the create form sends: the server owns the rules (e.g. loadbalancer needs a host) and answers 400 itself. */
export function createClusterInput(form: PublicAccessForm): {
  name: string;
  public_access_enabled: boolean;
  public_access_mode: "nodeport" | "loadbalancer" | "off";
  control_plane_host?: string;
} {
  const host = form.host.trim();
  return {
    name: form.name.trim(),
    public_access_enabled: form.enabled,
    public_access_mode: form.enabled ? form.mode : "off",
    ...(host ? { control_plane_host: host } : {}),
  };
}

export const JOIN_TTL_OPTIONS = [
  { key: "1h", seconds: 3_600 },
  { key: "6h", seconds: 21_600 },
  { key: "24h", seconds: 86_400 },
  { key: "7d", seconds: 604_800 },
] as const;
export type JoinTtlKey = (typeof JOIN_TTL_OPTIONS)[number]["key"];
