import type { OpenApiMeta } from "trpc-to-openapi";
import { planViewSchema } from "@/server/services/billing/plan-view";
import { planFieldsInput, planIdParam } from "./plan-inputs";

export const updatePlanMeta = {
  openapi: {
    method: "PATCH",
    path: "/admin/plans/{id}",
    protect: true,
    tags: ["admin", "plans"],
    summary: "Change a plan; active=false deactivates it (the way to retire a plan in use), is_default=true makes it the default",
  },
} satisfies OpenApiMeta;
export const updatePlanInput = planFieldsInput.partial().extend({ id: planIdParam });
export const updatePlanOutput = planViewSchema;
