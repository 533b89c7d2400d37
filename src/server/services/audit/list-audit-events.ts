import { z } from "zod";
import type { AuditResult } from "@/server/domain/audit/audit-result";
import { AppError } from "@/server/domain/errors";
import type { Prisma } from "@/server/infra/db/client";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import { newestFirst, pageSchema } from "@/server/services/pagination/keyset";
import { auditEventViewSchema, toAuditEventView } from "./audit-event-view";

type AuditEventRow = Parameters<typeof toAuditEventView>[0];

export interface AuditEventFilter {
  /** A user id (`usr_…`) or an email address. */
  actor?: string;
  /** Matches the start of `action`: "cluster." finds every cluster action. */
  actionPrefix?: string;
  targetType?: string;
  targetId?: string;
  result?: AuditResult;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
}

export const auditEventPageSchema = pageSchema(auditEventViewSchema);
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

const AUDIT_PAGES = newestFirst<AuditEventRow, Prisma.AuditEventWhereInput, Prisma.AuditEventOrderByWithRelationInput>();

function actorWhere(actor: string): Prisma.AuditEventWhereInput {
  const value = actor.trim();
  return value.includes("@") ? { actor: { email: value.toLowerCase() } } : { actorUserId: value };
}

function filterWhere(filter: AuditEventFilter): Prisma.AuditEventWhereInput[] {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError("BAD_REQUEST", "`from` is after `to`. Swap them or widen the time range.");
  }
  const where: Prisma.AuditEventWhereInput[] = [];
  if (filter.actor) where.push(actorWhere(filter.actor));
  if (filter.actionPrefix) where.push({ action: { startsWith: filter.actionPrefix } });
  if (filter.targetType) where.push({ targetType: filter.targetType });
  if (filter.targetId) where.push({ targetId: filter.targetId });
  if (filter.result) where.push({ result: filter.result });
  if (filter.from) where.push({ createdAt: { gte: filter.from } });
  if (filter.to) where.push({ createdAt: { lte: filter.to } });
  if (filter.cursor) where.push(AUDIT_PAGES.after(filter.cursor));
  return where;
}

async function page(deps: Pick<ServiceDeps, "db">, where: Prisma.AuditEventWhereInput[], limit: number): Promise<AuditEventPage> {
  const rows = await deps.db.auditEvent.findMany({
    where: { AND: where },
    include: { actor: { select: { id: true, email: true, name: true } } },
    orderBy: AUDIT_PAGES.orderBy,
    take: AUDIT_PAGES.take(limit),
  });
  return AUDIT_PAGES.page(rows, limit, toAuditEventView);
}

/** Admin view: every audit_events row, newest first, with filters. */
export async function listAuditEvents(deps: Pick<ServiceDeps, "db">, filter: AuditEventFilter): Promise<AuditEventPage> {
  return page(deps, filterWhere(filter), filter.limit);
}

/** A user's own activity: the rows they are the actor of; an `actor` filter cannot widen it. */
export async function listOwnActivity(deps: Pick<ServiceDeps, "db">, viewer: Viewer, filter: Omit<AuditEventFilter, "actor">): Promise<AuditEventPage> {
  return page(deps, [{ actorUserId: viewer.id }, ...filterWhere(filter)], filter.limit);
}
