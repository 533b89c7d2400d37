import { z } from "zod";
import { deliveryStatusSchema, type DeliveryStatus, type NotificationChannel } from "@/server/domain/notifications/notification-events";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface DeliveryFilters {
  status?: DeliveryStatus;
  channel?: NotificationChannel;
  event?: string;
  /** Admin list only: a user id or an email address. */
  user?: string;
  page: number;
  pageSize: number;
}

export const deliveryViewSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  // Text rather than NOTIFICATION_CHANNELS: the column's enum also has `in_app`, which users cannot choose.
  channel: z.string(),
  event: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

export const deliveryPageSchema = z.object({ items: z.array(deliveryViewSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

/**
 * Deliveries newest first. `ownerId` restricts to one user (the own list; a
 * `user` filter cannot widen it); without it the admin sees everyone's.
 */
export async function listDeliveries(deps: Pick<ServiceDeps, "db">, filters: DeliveryFilters, ownerId?: string): Promise<DeliveryPage> {
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
