import { QuotaRefusal } from "@/server/services/billing/quota-refusal";
import type { NotificationData } from "@/server/domain/notifications/notification-events";
import type { NotifyDeps } from "./notification-deps";
import { notify } from "./notify";

/**
 * One-line hooks for the places where events happen, so those files only add a
 * call. Each runs after the action's own transaction and never throws (notify
 * logs instead).
 */

type ClusterFacts = { id: string; name: string; ownerId: string };

export async function notifyClusterEvent(deps: NotifyDeps, cluster: ClusterFacts, event: "cluster.ready" | "cluster.error" | "cluster.deleted", extra: NotificationData = {}): Promise<void> {
  await notify(deps, { userId: cluster.ownerId, event, data: { cluster_id: cluster.id, cluster_name: cluster.name, ...extra } });
}

/**
 * Node events the observer recorded: `joined` notifies the cluster owner at once. Health changes
 * (NotReady, offline, recovery) are not sent per event — a flapping node would flood — but by the
 * debounced node health alerts (services/node-health/evaluate-node-alerts.ts).
 */
export async function notifyNodeEvents(deps: NotifyDeps, cluster: ClusterFacts, events: readonly { nodeName: string; type: string; message: string }[]): Promise<void> {
  for (const e of events) {
    if (e.type === "joined") await notify(deps, { userId: cluster.ownerId, event: "node.joined", data: { cluster_id: cluster.id, cluster_name: cluster.name, node_name: e.nodeName, message: e.message } });
  }
}

/** A plan limit refused an action: the owner hears about it once per refusal (the message names the limit). */
export async function notifyIfQuotaRefusal(deps: NotifyDeps, userId: string, error: unknown, action: "cluster.create" | "join_token.create"): Promise<void> {
  if (error instanceof QuotaRefusal) await notify(deps, { userId, event: "quota.reached", data: { action, message: error.message } });
}

export async function notifyPasswordChanged(deps: NotifyDeps, userId: string, method: string): Promise<void> {
  await notify(deps, { userId, event: "account.password_changed", data: { method } });
}

export async function notifyApiKeyCreated(deps: NotifyDeps, userId: string, key: { id: string; name: string; prefix: string }): Promise<void> {
  await notify(deps, { userId, event: "api_key.created", data: { api_key_id: key.id, api_key_name: key.name, api_key_prefix: key.prefix } });
}
