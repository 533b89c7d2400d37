import type { AuditEvent, AuditResult, User } from "@/server/infra/db/client";

/** One row of the activity stream as the API shows it (snake_case, actor resolved to a name). */
export interface AuditEventView {
  id: string;
  created_at: string;
  action: string;
  result: AuditResult;
  actor: { id: string; email: string; name: string } | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  metadata: Record<string, unknown>;
}

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
