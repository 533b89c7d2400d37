import type { OpenApiMeta } from "trpc-to-openapi";
import { offeredPlanPageSchema } from "@/server/services/billing/list-plans";
import { pageInput } from "../page-input";

export const listOfferedPlansMeta = {
  openapi: { method: "GET", path: "/plans", protect: true, tags: ["plans"], summary: "The active plans on offer, in catalogue order; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listOfferedPlansInput = pageInput;
export const listOfferedPlansOutput = offeredPlanPageSchema;
