import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { OrderStatus } from "@/server/domain/billing/order-status";
import { notFound } from "@/server/domain/errors";
import type { ServiceDeps } from "@/server/services/service-deps";
import { ORDER_PARTIES, orderViewSchema, toOrderView, type OrderView } from "./order-view";

export interface OrderFilter {
  userId?: string;
  status?: OrderStatus;
  limit: number;
  offset: number;
}

export const orderPageSchema = z.object({ items: z.array(orderViewSchema), total: z.number().int() });
export type OrderPage = z.infer<typeof orderPageSchema>;

/** Newest first; `total` counts every match so the console can page. Admins pass any filter, users only their own id. */
export async function listOrders(deps: Pick<ServiceDeps, "db" | "now">, filter: OrderFilter): Promise<OrderPage> {
  const where = { userId: filter.userId, status: filter.status };
  const [rows, total] = await Promise.all([
    deps.db.order.findMany({ where, include: ORDER_PARTIES, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: filter.limit, skip: filter.offset }),
    deps.db.order.count({ where }),
  ]);
  const now = deps.now();
  return { items: rows.map((o) => toOrderView(o, now)), total };
}

/** One of the viewer's own orders; another user's order is "not found", so ids cannot be probed. */
export async function getOwnOrder(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer, id: string): Promise<OrderView> {
  const order = await deps.db.order.findFirst({ where: { id, userId: viewer.id }, include: ORDER_PARTIES });
  if (!order) throw notFound(`Order ${id}`);
  return toOrderView(order, deps.now());
}
