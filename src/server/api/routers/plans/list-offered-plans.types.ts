import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { planViewSchema } from "@/server/services/billing/plan-view";

export const listOfferedPlansMeta = {
  openapi: { method: "GET", path: "/plans", protect: true, tags: ["plans"], summary: "The active plans on offer" },
} satisfies OpenApiMeta;
export const listOfferedPlansInput = z.void();
export const listOfferedPlansOutput = z.object({ items: z.array(planViewSchema) });
