import type { Prisma } from "@/server/infra/db/client";
import { newId } from "@/server/domain/ids";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  metadata?: Prisma.InputJsonObject;
}

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
      metadata: entry.metadata ?? {},
      ip: origin?.ip ?? null,
      userAgent: origin?.userAgent?.slice(0, 512) ?? null,
    },
  });
}
