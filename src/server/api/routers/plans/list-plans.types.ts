import type { OpenApiMeta } from "trpc-to-openapi";
import { catalogPlanPageSchema } from "@/server/services/billing/list-plans";
import { pageInput } from "../page-input";

export const listPlansMeta = {
  openapi: {
    method: "GET",
    path: "/admin/plans",
    protect: true,
    tags: ["admin", "plans"],
    summary: "Every plan, inactive ones included, with its order count, in catalogue order (sort, then oldest first); page with limit and next_cursor",
  },
} satisfies OpenApiMeta;
export const listPlansInput = pageInput;
export const listPlansOutput = catalogPlanPageSchema;
