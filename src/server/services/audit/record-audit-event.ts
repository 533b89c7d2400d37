import type { AuditResult, Prisma } from "@/server/infra/db/client";
import { newId } from "@/server/domain/ids";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  /** Defaults to "failure" for actions named `…_failed` (auth.login_failed), else "success". */
  result?: AuditResult;
  metadata?: Prisma.InputJsonObject;
}

/** The naming convention every area already uses for refused attempts, so they are filterable without each caller opting in. */
export const defaultResult = (action: string): AuditResult => (action.endsWith("_failed") ? "failure" : "success");

type AuditWriter = Pick<ServiceDeps["db"], "auditEvent">;

/** Appends to the activity stream; pass a transaction client to make it atomic with the change it records. */
export async function recordAuditEvent(db: AuditWriter, entry: AuditEntry, origin?: RequestOrigin): Promise<void> {
  await db.auditEvent.create({
    data: {
      id: newId("aud"),
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      result: entry.result ?? defaultResult(entry.action),
      metadata: entry.metadata ?? {},
      ip: origin?.ip ?? null,
      userAgent: origin?.userAgent?.slice(0, 512) ?? null,
      // Millisecond precision (not the column's µs default) so the stream's (created_at, id) cursor round-trips through JS dates.
      createdAt: new Date(),
    },
  });
}
