import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { planViewSchema } from "@/server/services/billing/plan-view";
import { planFieldsInput } from "./plan-inputs";

export const createPlanMeta = {
  openapi: { method: "POST", path: "/admin/plans", protect: true, tags: ["admin", "plans"], summary: "Create a plan" },
} satisfies OpenApiMeta;
export const createPlanInput = planFieldsInput.extend({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "code must be 1-40 lowercase letters, digits or dashes, starting with a letter or digit (e.g. starter)."),
});
export const createPlanOutput = planViewSchema;
