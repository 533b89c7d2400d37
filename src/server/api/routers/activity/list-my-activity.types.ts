import type { OpenApiMeta } from "trpc-to-openapi";
import { auditEventPageSchema } from "@/server/services/audit/list-audit-events";
import { auditFilterInput } from "./audit-filter-input";

export const listMyActivityMeta = {
  openapi: {
    method: "GET",
    path: "/activity",
    protect: true,
    tags: ["account"],
    summary: "Your own activity (actions you performed), newest first; same filters and paging as the admin stream",
  },
} satisfies OpenApiMeta;

export const listMyActivityInput = auditFilterInput;
export const listMyActivityOutput = auditEventPageSchema;
