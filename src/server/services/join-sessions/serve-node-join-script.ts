import { AppError } from "@/server/domain/errors";
import { joinFailure, type JoinFailure } from "@/server/domain/join-sessions/join-failure-fixes";
import { isFinishedJoinSession, type JoinSessionStatus } from "@/server/domain/join-sessions/join-session-status";
import { hashTokenSecret, parseToken } from "@/server/domain/join-tokens/bootstrap-token";
import { lockRowForUpdate } from "@/server/infra/db/client";
import { fetchNodeJoinScript, sameHash } from "@/server/services/join-tokens/serve-join-script";
import { appendJoinSessionEvent } from "./append-join-session-event";
import { authenticateJoinSession } from "./authenticate-join-session";
import { finishedSessionConflict } from "./finished-session-conflict";
import type { JoinSessionDeps } from "./join-session-deps";

export type NodeJoinScriptAnswer = { kind: "script"; script: string } | { kind: "failed"; failure: JoinFailure };

const wrongToken = () => new AppError("UNAUTHORIZED", "The join token sent with this request is not the one this join session was opened with. Run the join command again.");

/**
 * GET /api/join/sessions/{id}/node-join-script: after a passed preflight, the vCluster's own /node/join script for
 * the session's token, fetched by the platform as the script proxy always did. The token's use was counted when the
 * session opened, so this does not count another. A revoked or expired token, or a control plane that does not
 * deliver the script, fails the session (join_failed) with the reason.
 */
export async function serveNodeJoinScript(deps: JoinSessionDeps, input: { sessionId: string; secret: string | undefined; token: string | null }): Promise<NodeJoinScriptAnswer> {
  const session = await authenticateJoinSession(deps.db, input.sessionId, input.secret);
  if (isFinishedJoinSession(session.status)) throw finishedSessionConflict(session);
  if (session.status !== "open") throw new AppError("CONFLICT", `The join script was already fetched for join session ${session.id}; run the join command again to start a new session.`);
  const token = input.token ? parseToken(input.token) : undefined;
  const row = session.joinTokenId ? await deps.db.joinToken.findUnique({ where: { id: session.joinTokenId }, include: { cluster: true } }) : null;
  if (!token || !row || token.id !== session.tokenId || !sameHash(row.secretHash, hashTokenSecret(token))) throw wrongToken();

  const now = deps.now();
  if (row.revokedAt) return fail(deps, session.id, joinFailure("token_revoked", "The join token was revoked while this machine was checked."));
  if (row.expiresAt <= now) return fail(deps, session.id, joinFailure("token_expired", `The join token expired at ${row.expiresAt.toISOString()}, before the join script was fetched.`));

  let result;
  try {
    result = await fetchNodeJoinScript(deps, row.cluster, input.token!);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    result = { status: "unavailable" as const, error: error.message };
  }
  if (result.status !== "ok") {
    deps.log.warn("node join script unavailable for a join session", { session_id: session.id, cluster_id: session.clusterId, error: result.status === "unavailable" ? result.error : "unauthorized" });
    const why = result.status === "unauthorized" ? "The cluster's control plane refused the join token." : "The cluster's control plane did not deliver its join script.";
    return fail(deps, session.id, joinFailure("script_unavailable", why));
  }
  const script = result.script;
  const moved = await deps.db.$transaction(async (tx) => {
    if (!(await stillOpen(tx, session.id))) return false;
    return appendJoinSessionEvent(tx, session.id, { kind: "script_fetched", outcome: "pass", detail: `the cluster's join script (${script.length} bytes)` }, deps.now(), { status: "joining" });
  });
  if (!moved) throw new AppError("CONFLICT", `Join session ${session.id} ended while its join script was fetched; run the join command again.`);
  return { kind: "script", script };
}

async function stillOpen(tx: Parameters<typeof lockRowForUpdate>[0], sessionId: string): Promise<boolean> {
  if (!(await lockRowForUpdate(tx, "joinSession", sessionId))) return false;
  const current = await tx.joinSession.findUnique({ where: { id: sessionId }, select: { status: true } });
  return (current?.status as JoinSessionStatus | undefined) === "open";
}

async function fail(deps: JoinSessionDeps, sessionId: string, failure: JoinFailure): Promise<NodeJoinScriptAnswer> {
  await deps.db.$transaction(async (tx) => {
    if (!(await stillOpen(tx, sessionId))) return;
    await appendJoinSessionEvent(tx, sessionId, { kind: "failed", outcome: "fail", detail: failure.message }, deps.now(), {
      status: "join_failed",
      failureReason: failure.reason,
      failureMessage: failure.message,
      finished: true,
    });
  });
  return { kind: "failed", failure };
}
