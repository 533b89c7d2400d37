import type { ConnectionDecision, ConnectionTransition } from "@/server/domain/cluster-health/connection-rules";
import { notificationOf } from "@/server/domain/cluster-health/connection-rules";
import type { ConnectionStatus } from "@/server/domain/clusters/cluster-states";
import { newId } from "@/server/domain/ids";
import type { NotificationRequest } from "@/server/domain/notifications/notification-events";
import { notify } from "@/server/services/notifications/notify";
import type { ServiceDeps } from "@/server/services/service-deps";

/** Clusters the platform can connect to (connectToCluster), as the node observer watches them. */
export const PROBED_STATUSES = ["ready", "updating"] as const;

/** A cluster as the pass read it before probing. */
export interface ProbedCluster {
  id: string;
  name: string;
  ownerId: string;
  connectionStatus: ConnectionStatus;
  connectionStatusSince: Date | null;
  connectionFailingSince: Date | null;
}

export type RecordedOutcome = "checked" | "connected" | "unreachable" | "skipped";

/**
 * Writes one probe's decision. Without a transition only the failure memory is written. A transition is written
 * only if the row still has the status and failure run the pass read and is still probed (a job that changed the
 * status meanwhile, a delete that began, or another pass that got there first wins: "skipped"), in one transaction
 * with its history row and the owner's notification — so each transition is recorded and notified exactly once,
 * however many passes race.
 */
export async function recordProbeOutcome(deps: Pick<ServiceDeps, "db" | "log">, cluster: ProbedCluster, decision: ConnectionDecision): Promise<RecordedOutcome> {
  const { memory, transition } = decision;
  const columns = { connectionCheckedAt: memory.checkedAt, connectionFailingSince: memory.failingSince, connectionLastError: memory.lastError };
  if (!transition) {
    const written = await deps.db.cluster.updateMany({ where: { id: cluster.id, status: { in: [...PROBED_STATUSES] } }, data: columns });
    return written.count === 0 ? "skipped" : "checked";
  }
  const now = memory.checkedAt;
  return deps.db.$transaction(async (tx) => {
    const claimed = await tx.cluster.updateMany({
      where: { id: cluster.id, status: { in: [...PROBED_STATUSES] }, connectionStatus: transition.from, connectionFailingSince: cluster.connectionFailingSince },
      data: { ...columns, connectionStatus: transition.to, connectionStatusSince: now },
    });
    if (claimed.count === 0) return "skipped";
    await tx.clusterConnectionEvent.create({ data: { id: newId("cce"), clusterId: cluster.id, fromStatus: transition.from, toStatus: transition.to, reason: transition.reason, createdAt: now } });
    const request = notificationRequest(cluster, decision, transition);
    if (request) await notify({ db: tx, log: deps.log, now: () => now }, request);
    return transition.to;
  });
}

const seconds = (from: Date | null, to: Date) => (from ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null);

/** docs/notifications.md: the webhook `data` of cluster.unreachable / cluster.recovered. */
function notificationRequest(cluster: ProbedCluster, decision: ConnectionDecision, transition: ConnectionTransition): NotificationRequest | null {
  const event = notificationOf(transition);
  if (!event) return null;
  const now = decision.memory.checkedAt;
  const base = { cluster_id: cluster.id, cluster_name: cluster.name };
  if (event === "cluster.unreachable") {
    const since = decision.memory.failingSince ?? now;
    return { userId: cluster.ownerId, event, data: { ...base, since: since.toISOString(), duration_seconds: seconds(since, now), error: decision.memory.lastError } };
  }
  return {
    userId: cluster.ownerId,
    event,
    data: { ...base, since: now.toISOString(), unreachable_since: cluster.connectionStatusSince?.toISOString() ?? null, duration_seconds: seconds(cluster.connectionStatusSince, now) },
  };
}
