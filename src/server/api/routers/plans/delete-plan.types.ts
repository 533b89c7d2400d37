import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { deletedPlanSchema } from "@/server/services/billing/delete-plan";
import { planIdParam } from "./plan-inputs";

export const deletePlanMeta = {
  openapi: { method: "DELETE", path: "/admin/plans/{id}", protect: true, tags: ["admin", "plans"], summary: "Delete a plan that was never used (409 otherwise: deactivate it)" },
} satisfies OpenApiMeta;
export const deletePlanInput = z.object({ id: planIdParam });
export const deletePlanOutput = deletedPlanSchema;
