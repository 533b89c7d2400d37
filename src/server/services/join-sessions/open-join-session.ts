import { newId } from "@/server/domain/ids";
import type { JoinFailure } from "@/server/domain/join-sessions/join-failure-fixes";
import { generateSessionSecret, hashSessionSecret } from "@/server/domain/join-sessions/session-secret";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { appendJoinSessionEvent } from "./append-join-session-event";

export interface NewJoinSession {
  clusterId: string;
  joinTokenId: string;
  tokenId: string;
  clientIp: string | null;
}

/**
 * Opens a session for a script fetch the token allowed (status open, its secret's hash stored) and returns the
 * secret, once. Runs inside the caller's transaction so the counted use and the session are one change.
 */
export async function openJoinSession(tx: Prisma.TransactionClient, input: NewJoinSession, now: Date): Promise<{ sessionId: string; secret: string }> {
  const sessionId = newId("js");
  const secret = generateSessionSecret();
  await tx.joinSession.create({
    data: { id: sessionId, clusterId: input.clusterId, joinTokenId: input.joinTokenId, tokenId: input.tokenId, secretHash: hashSessionSecret(secret), clientIp: input.clientIp, lastEventAt: now, createdAt: now },
  });
  await appendJoinSessionEvent(tx, sessionId, { kind: "session_opened", outcome: "info", detail: `join script fetched with token ${input.tokenId}${input.clientIp ? ` from ${input.clientIp}` : ""}` }, now);
  await recordAuditEvent(tx, { actorUserId: null, action: "join_session.open", targetType: "cluster", targetId: input.clusterId, metadata: { session_id: sessionId, token_id: input.tokenId } }, { ip: input.clientIp, userAgent: null });
  return { sessionId, secret };
}

/** Records a script fetch the token did not allow (revoked, expired, used up) as a finished `refused` session. */
export async function refuseJoinSession(db: ServiceDeps["db"], input: NewJoinSession, failure: JoinFailure, now: Date): Promise<string> {
  const sessionId = newId("js");
  await db.$transaction(async (tx) => {
    await tx.joinSession.create({
      data: { id: sessionId, clusterId: input.clusterId, joinTokenId: input.joinTokenId, tokenId: input.tokenId, clientIp: input.clientIp, lastEventAt: now, createdAt: now },
    });
    await appendJoinSessionEvent(tx, sessionId, { kind: "failed", outcome: "fail", detail: failure.message }, now, {
      status: "refused",
      failureReason: failure.reason,
      failureMessage: failure.message,
      finished: true,
    });
    await recordAuditEvent(
      tx,
      { actorUserId: null, action: "join_session.refused", result: "failure", targetType: "cluster", targetId: input.clusterId, metadata: { session_id: sessionId, token_id: input.tokenId, reason: failure.reason } },
      { ip: input.clientIp, userAgent: null },
    );
  });
  return sessionId;
}
