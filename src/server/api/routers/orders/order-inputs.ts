import { z } from "zod";

/** Path parameter of every /orders/{id} and /admin/orders/{id}… route. */
export const orderIdParam = z.string().min(1);
