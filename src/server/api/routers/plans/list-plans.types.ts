import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { catalogPlanSchema } from "@/server/services/billing/list-plans";

export const listPlansMeta = {
  openapi: { method: "GET", path: "/admin/plans", protect: true, tags: ["admin", "plans"], summary: "Every plan, inactive ones included, with its order count" },
} satisfies OpenApiMeta;
export const listPlansInput = z.void();
export const listPlansOutput = z.object({ items: z.array(catalogPlanSchema) });
