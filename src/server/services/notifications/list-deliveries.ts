import { z } from "zod";
import { deliveryStatusSchema, type DeliveryStatus, type NotificationChannel } from "@/server/domain/notifications/notification-events";
import type { NotificationDelivery, Prisma } from "@/server/infra/db/client";
import { newestFirst, pageSchema, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface DeliveryFilters {
  status?: DeliveryStatus;
  channel?: NotificationChannel;
  event?: string;
  /** Admin list only: a user id or an email address. */
  user?: string;
  limit: number;
  cursor?: string;
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

export const deliveryPageSchema = pageSchema(deliveryViewSchema);
export type DeliveryPage = Page<DeliveryView>;

type DeliveryRow = NotificationDelivery & { user: { email: string } | null };
const DELIVERY_PAGES = newestFirst<DeliveryRow, Prisma.NotificationDeliveryWhereInput, Prisma.NotificationDeliveryOrderByWithRelationInput>();

function toDeliveryView(r: DeliveryRow): DeliveryView {
  return {
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
  };
}

/**
 * Deliveries newest first, a page at a time. `ownerId` restricts to one user (the own list; a
 * `user` filter cannot widen it); without it the admin sees everyone's.
 */
export async function listDeliveries(deps: Pick<ServiceDeps, "db">, filters: DeliveryFilters, ownerId?: string): Promise<DeliveryPage> {
  const rows = await deps.db.notificationDelivery.findMany({
    where: {
      AND: [
        filters.status ? { status: filters.status } : {},
        filters.channel ? { channel: filters.channel } : {},
        filters.event ? { event: filters.event } : {},
        ownerId ? { userId: ownerId } : filters.user ? { OR: [{ userId: filters.user }, { user: { email: filters.user.toLowerCase() } }] } : {},
        DELIVERY_PAGES.after(filters.cursor),
      ],
    },
    orderBy: DELIVERY_PAGES.orderBy,
    take: DELIVERY_PAGES.take(filters.limit),
    include: { user: { select: { email: true } } },
  });
  return DELIVERY_PAGES.page(rows, filters.limit, toDeliveryView);
}
