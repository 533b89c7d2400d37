import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { isoOrNull } from "@/server/domain/iso-time";
import type { AuthDeps } from "@/server/services/auth/auth-deps";

/** One signed-in browser of the user, as the sessions list shows it. */
export const ownSessionViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session the request itself was made with (never for API-key callers). */
  current: z.boolean(),
});
export type OwnSessionView = z.infer<typeof ownSessionViewSchema>;

export const currentSessionId = (viewer: Viewer): string | undefined => (viewer.auth.method === "session" ? viewer.auth.sessionId : undefined);

/**
 * The caller's sessions that still sign somebody in: not revoked, before the
 * absolute expiry and within the idle timeout (the same rules resolveSession
 * applies), newest first. Only the caller's own rows are ever read.
 */
export async function listOwnSessions(deps: AuthDeps, viewer: Viewer): Promise<OwnSessionView[]> {
  const now = deps.now();
  const idleCutoff = new Date(now.getTime() - deps.sessionIdleMinutes * 60_000);
  const rows = await deps.db.session.findMany({
    where: {
      userId: viewer.id,
      revokedAt: null,
      expiresAt: { gt: now },
      OR: [{ lastSeenAt: { gt: idleCutoff } }, { lastSeenAt: null, createdAt: { gt: idleCutoff } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const current = currentSessionId(viewer);
  return rows.map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_seen_at: isoOrNull(s.lastSeenAt),
    expires_at: s.expiresAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === current,
  }));
}
