import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { auditEventPageSchema } from "@/server/services/audit/list-audit-events";
import { auditFilterInput } from "./audit-filter-input";

export const listAuditEventsMeta = {
  openapi: {
    method: "GET",
    path: "/admin/audit-events",
    protect: true,
    tags: ["admin"],
    summary: "The whole activity stream, newest first; filter by actor (id or email), action prefix, target, result and time; page with next_cursor",
  },
} satisfies OpenApiMeta;

export const listAuditEventsInput = auditFilterInput.extend({ actor: z.string().trim().max(320).optional() });
export const listAuditEventsOutput = auditEventPageSchema;
