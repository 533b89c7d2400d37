import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";

type Outputs = RouterOutputs["notifications"];
export type PreferencesView = Outputs["getPreferences"];
export type DeliveryItem = Outputs["listMyDeliveries"]["items"][number];
export type DeliverySettings = Outputs["getDeliverySettings"];
export type DeliveryFilter = Pick<RouterInputs["notifications"]["listMyDeliveries"], "status" | "channel">;

/** Message keys of the event names (next-intl keys cannot contain dots, event names do). */
const EVENT_LABEL_KEYS = {
  "cluster.ready": "cluster_ready",
  "cluster.error": "cluster_error",
  "cluster.deleted": "cluster_deleted",
  "node.joined": "node_joined",
  // No longer sent (replaced by node.unhealthy); kept so older deliveries keep their label.
  "node.offline": "node_offline",
  "node.unhealthy": "node_unhealthy",
  "node.recovered": "node_recovered",
  "node.version_skew": "node_version_skew",
  "cluster.node_limit_reached": "cluster_node_limit_reached",
  "cluster.unreachable": "cluster_unreachable",
  "cluster.recovered": "cluster_recovered",
  "quota.reached": "quota_reached",
  "account.password_changed": "account_password_changed",
  "api_key.created": "api_key_created",
} as const;
export type EventLabelKey = (typeof EVENT_LABEL_KEYS)[keyof typeof EVENT_LABEL_KEYS];

export function eventLabelKey(event: string): EventLabelKey | null {
  return event in EVENT_LABEL_KEYS ? EVENT_LABEL_KEYS[event as keyof typeof EVENT_LABEL_KEYS] : null;
}
