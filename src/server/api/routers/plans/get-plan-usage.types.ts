import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { planUsageSchema } from "@/server/services/billing/get-plan-usage";

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
export const getPlanUsageOutput = planUsageSchema;
