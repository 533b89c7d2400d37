import { newId } from "@/server/domain/ids";
import type { AlertAction, AlertDetail } from "@/server/domain/node-health/node-alert-rules";
import { isUniqueViolation, type Prisma } from "@/server/infra/db/client";
import { notify } from "@/server/services/notifications/notify";
import type { ServiceDeps } from "@/server/services/service-deps";
import { alertNotification, type AlertCluster } from "./node-alert-notification";

export type AppliedOutcome = "opened" | "notified" | "resolved" | "recovery_notified" | "skipped";

/**
 * Applies one planned action in one transaction whose writes are conditional, so that two evaluators
 * (the periodic pass and the observer's immediate one, possibly in two processes) never send twice:
 * opening relies on the (cluster, kind, node, dedupe_key) unique index, notifying on
 * `notified_at IS NULL`, resolving on `resolved_at IS NULL`. The notification rows are recorded in
 * the same transaction (notify() with the transaction), so a claim never commits without them.
 */
export async function applyNodeAlertAction(deps: Pick<ServiceDeps, "db" | "log" | "now">, cluster: AlertCluster, action: AlertAction): Promise<AppliedOutcome> {
  const now = deps.now();
  try {
    return await deps.db.$transaction(async (tx) => {
      const record = (request: Parameters<typeof notify>[1]) => notify({ db: tx, log: deps.log, now: () => now }, request);
      switch (action.type) {
        case "open": {
          const id = newId("nal");
          await tx.nodeAlert.create({
            data: { id, clusterId: cluster.id, nodeName: action.nodeName, kind: action.kind, dedupeKey: action.dedupeKey, detail: action.detail, openedAt: action.openedAt, notifiedAt: action.notify ? now : null },
          });
          if (action.notify) await record(alertNotification(cluster, { id, kind: action.kind, nodeName: action.nodeName, detail: action.detail }, "opened"));
          return "opened";
        }
        case "notify": {
          const claimed = await tx.nodeAlert.updateMany({ where: { id: action.alertId, notifiedAt: null, resolvedAt: null }, data: { notifiedAt: now, detail: action.detail } });
          if (claimed.count === 0) return "skipped";
          await record(alertNotification(cluster, { id: action.alertId, kind: action.kind, nodeName: action.nodeName, detail: action.detail }, "opened"));
          return "notified";
        }
        case "resolve": {
          const current = await tx.nodeAlert.findUnique({ where: { id: action.alertId }, select: { detail: true } });
          const resolved = await tx.nodeAlert.updateMany({
            where: { id: action.alertId, resolvedAt: null },
            data: {
              resolvedAt: now,
              // Unhealthy and node_limit re-arm once resolved; a version_skew key stays, so that version never alerts again.
              ...(action.kind === "version_skew" ? {} : { dedupeKey: null }),
              ...(action.notifyRecovery ? { recoveryNotifiedAt: now } : {}),
              detail: { ...asDetail(current?.detail), resolution: action.detail } as Prisma.InputJsonObject,
            },
          });
          if (resolved.count === 0) return "skipped";
          if (!action.notifyRecovery) return "resolved";
          await record(alertNotification(cluster, { id: action.alertId, kind: action.kind, nodeName: action.nodeName, detail: action.detail }, "recovered"));
          return "recovery_notified";
        }
      }
    });
  } catch (error) {
    // Another evaluator opened the same alert first: its notification is the one that counts.
    if (action.type === "open" && isUniqueViolation(error)) return "skipped";
    throw error;
  }
}

function asDetail(value: Prisma.JsonValue | undefined): AlertDetail {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as AlertDetail) : {};
}
