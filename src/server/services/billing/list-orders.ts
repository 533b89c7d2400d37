import type { Viewer } from "@/server/domain/auth/viewer";
import type { OrderStatus } from "@/server/domain/billing/order-status";
import { notFound } from "@/server/domain/errors";
import type { Prisma } from "@/server/infra/db/client";
import { newestFirst, pageSchema, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { ORDER_PARTIES, orderViewSchema, toOrderView, type OrderView, type OrderWithParties } from "./order-view";

export interface OrderFilter {
  userId?: string;
  status?: OrderStatus;
  limit: number;
  cursor?: string;
}

export const orderPageSchema = pageSchema(orderViewSchema);
export type OrderPage = Page<OrderView>;

const ORDER_PAGES = newestFirst<OrderWithParties, Prisma.OrderWhereInput, Prisma.OrderOrderByWithRelationInput>();

/** Newest first, a page at a time. Admins pass any filter, users only their own id. */
export async function listOrders(deps: Pick<ServiceDeps, "db" | "now">, filter: OrderFilter): Promise<OrderPage> {
  const rows = await deps.db.order.findMany({
    where: { AND: [{ userId: filter.userId, status: filter.status }, ORDER_PAGES.after(filter.cursor)] },
    include: ORDER_PARTIES,
    orderBy: ORDER_PAGES.orderBy,
    take: ORDER_PAGES.take(filter.limit),
  });
  const now = deps.now();
  return ORDER_PAGES.page(rows, filter.limit, (o) => toOrderView(o, now));
}

/** One of the viewer's own orders; another user's order is "not found", so ids cannot be probed. */
export async function getOwnOrder(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer, id: string): Promise<OrderView> {
  const order = await deps.db.order.findFirst({ where: { id, userId: viewer.id }, include: ORDER_PARTIES });
  if (!order) throw notFound(`Order ${id}`);
  return toOrderView(order, deps.now());
}
