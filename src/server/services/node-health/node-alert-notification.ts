import type { NodeAlertKind } from "@/server/domain/node-health/node-alert-rules";
import type { NotificationData, NotificationEvent, NotificationRequest } from "@/server/domain/notifications/notification-events";

export interface AlertCluster {
  id: string;
  name: string;
  ownerId: string;
}

const OPENED_EVENT: Record<NodeAlertKind, NotificationEvent> = {
  unhealthy: "node.unhealthy",
  version_skew: "node.version_skew",
  node_limit: "cluster.node_limit_reached",
};

/**
 * The owner's notification for an alert that opened (or, for unhealthy, recovered): the webhook
 * `data` is the cluster and node, the alert id and the alert's detail (state, since, duration_seconds…;
 * docs/notifications.md).
 */
export function alertNotification(
  cluster: AlertCluster,
  alert: { id: string; kind: NodeAlertKind; nodeName: string; detail: Record<string, string | number | null> },
  phase: "opened" | "recovered",
): NotificationRequest {
  const data: NotificationData = {
    cluster_id: cluster.id,
    cluster_name: cluster.name,
    ...(alert.kind === "node_limit" ? {} : { node_name: alert.nodeName }),
    alert_id: alert.id,
    ...alert.detail,
  };
  return { userId: cluster.ownerId, event: phase === "recovered" ? "node.recovered" : OPENED_EVENT[alert.kind], data };
}
