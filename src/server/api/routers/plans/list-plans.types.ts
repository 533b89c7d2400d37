import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { planSchema } from "./plan.schema";

export const listPlansMeta = {
  openapi: { method: "GET", path: "/admin/plans", protect: true, tags: ["admin", "plans"], summary: "Every plan, inactive ones included, with its order count" },
} satisfies OpenApiMeta;
export const listPlansInput = z.void();
export const listPlansOutput = z.object({ items: z.array(planSchema.extend({ order_count: z.number().int() })) });
