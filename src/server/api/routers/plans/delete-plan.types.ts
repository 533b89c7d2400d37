import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { planIdParam } from "./plan.schema";

export const deletePlanMeta = {
  openapi: { method: "DELETE", path: "/admin/plans/{id}", protect: true, tags: ["admin", "plans"], summary: "Delete a plan that was never used (409 otherwise: deactivate it)" },
} satisfies OpenApiMeta;
export const deletePlanInput = z.object({ id: planIdParam });
export const deletePlanOutput = z.object({ id: z.string() });
