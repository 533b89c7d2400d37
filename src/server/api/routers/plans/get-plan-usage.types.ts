import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { planSchema } from "./plan.schema";

export const getPlanUsageMeta = {
  openapi: {
    method: "GET",
    path: "/plan",
    protect: true,
    tags: ["plans"],
    summary: "Your current plan (paid order in force, else the default plan, else none) and what you use of it",
  },
} satisfies OpenApiMeta;
export const getPlanUsageInput = z.void();
const limit = z.number().int().nullable();
export const getPlanUsageOutput = z.object({
  plan: planSchema.nullable(),
  source: z.enum(["order", "default", "none"]),
  order_id: z.string().nullable(),
  granted_until: z.string().nullable(),
  clusters: z.object({ used: z.number().int(), allowed: limit }),
  cluster_usage: z.array(
    z.object({
      cluster_id: z.string(),
      name: z.string(),
      nodes_used: z.number().int(),
      nodes_allowed: limit,
      cpu_quota: z.string().nullable(),
      memory_quota: z.string().nullable(),
    }),
  ),
});
