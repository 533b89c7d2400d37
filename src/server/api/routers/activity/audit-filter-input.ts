import { z } from "zod";
import { auditResultSchema } from "@/server/domain/audit/audit-result";
import { pageInput } from "../page-input";

const isoTime = (field: string) =>
  z.iso.datetime({ offset: true, message: `${field} must be an ISO 8601 time such as 2026-12-01T08:00:00Z.` });

/** Filters shared by the admin stream and a user's own activity. */
export const auditFilterInput = z.object({
  action: z.string().trim().max(100, "Use at most 100 characters for the action prefix.").optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(200).optional(),
  result: auditResultSchema.optional(),
  from: isoTime("from").optional(),
  to: isoTime("to").optional(),
  ...pageInput.shape,
});

export function toAuditFilter(input: z.infer<typeof auditFilterInput>) {
  return {
    actionPrefix: input.action || undefined,
    targetType: input.target_type || undefined,
    targetId: input.target_id || undefined,
    result: input.result,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
    cursor: input.cursor || undefined,
    limit: input.limit,
  };
}
