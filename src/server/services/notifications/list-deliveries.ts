import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface DeliveryFilters {
  status?: "pending" | "sent" | "failed";
  channel?: "email" | "webhook";
  event?: string;
  /** Admin list only: a user id or an email address. */
  user?: string;
  page: number;
  pageSize: number;
}

export interface DeliveryView {
  id: string;
  user_id: string | null;
  user_email: string | null;
  channel: string;
  event: string;
  recipient: string;
  subject: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
}

/**
 * Deliveries newest first. `ownerId` restricts to one user (the own list; a
 * `user` filter cannot widen it); without it the admin sees everyone's.
 */
export async function listDeliveries(deps: Pick<ServiceDeps, "db">, filters: DeliveryFilters, ownerId?: string): Promise<{ items: DeliveryView[]; total: number; page: number; page_size: number }> {
  const where: Prisma.NotificationDeliveryWhereInput = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(filters.event ? { event: filters.event } : {}),
    ...(ownerId ? { userId: ownerId } : filters.user ? { OR: [{ userId: filters.user }, { user: { email: filters.user.toLowerCase() } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    deps.db.notificationDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * filters.pageSize,
      take: filters.pageSize,
      include: { user: { select: { email: true } } },
    }),
    deps.db.notificationDelivery.count({ where }),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      user_email: r.user?.email ?? null,
      channel: r.channel,
      event: r.event,
      recipient: r.recipient,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      last_error: r.lastError,
      next_attempt_at: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
      sent_at: r.sentAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page: filters.page,
    page_size: filters.pageSize,
  };
}
