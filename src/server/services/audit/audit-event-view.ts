import { z } from "zod";
import { auditResultSchema } from "@/server/domain/audit/audit-result";
import type { AuditEvent, User } from "@/server/infra/db/client";

/** One row of the activity stream as the API shows it (snake_case, actor resolved to a name). */
export const auditEventViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.string(),
  result: auditResultSchema,
  actor: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEventView = z.infer<typeof auditEventViewSchema>;

export function toAuditEventView(row: AuditEvent & { actor: Pick<User, "id" | "email" | "name"> | null }): AuditEventView {
  const metadata = row.metadata && typeof row.metadata === "object" && !Array.isArray(row.metadata) ? (row.metadata as Record<string, unknown>) : {};
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    result: row.result,
    actor: row.actor ? { id: row.actor.id, email: row.actor.email, name: row.actor.name } : null,
    target_type: row.targetType,
    target_id: row.targetId,
    ip: row.ip,
    user_agent: row.userAgent,
    metadata,
  };
}
