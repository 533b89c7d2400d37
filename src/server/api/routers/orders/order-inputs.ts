import { z } from "zod";

/** Path parameter of every /orders/{id} and /admin/orders/{id}… route. */
export const orderIdParam = z.string().min(1);

/** Paging of the order lists (admin and own). */
export const orderPageInput = {
  limit: z.coerce.number().int().min(1, "limit must be at least 1.").max(200, "limit must be at most 200.").default(50),
  offset: z.coerce.number().int().min(0, "offset cannot be negative.").default(0),
};
