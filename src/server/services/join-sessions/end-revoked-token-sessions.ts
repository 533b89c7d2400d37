import { isFinishedJoinSession } from "@/server/domain/join-sessions/join-session-status";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";
import { appendJoinSessionEvent } from "./append-join-session-event";
import { readTokenSessions } from "@/server/services/join-tokens/join-token-provenance";

const REVOKED_MESSAGE = "The join token was revoked while this machine was joining. Create a new join command in the console and run it again.";

/**
 * Ends every unfinished session of a token that is being revoked as `refused` / `token_revoked`, with a timeline
 * event. Each session is locked and re-read first, so one that finished meanwhile (its wrapper's last report, the
 * CSR watcher) keeps its outcome. Returns the ids of the sessions it ended. `tx` must be an interactive transaction.
 */
export async function endRevokedTokenSessions(tx: Prisma.TransactionClient, joinTokenId: string, at: Date): Promise<string[]> {
  const ended: string[] = [];
  for (const candidate of await readTokenSessions(tx, joinTokenId, { openOnly: true })) {
    if (!(await lockRowForUpdate(tx, "joinSession", candidate.id))) continue;
    const current = await tx.joinSession.findUniqueOrThrow({ where: { id: candidate.id }, select: { status: true } });
    if (isFinishedJoinSession(current.status)) continue;
    await appendJoinSessionEvent(tx, candidate.id, { kind: "failed", outcome: "fail", detail: REVOKED_MESSAGE }, at, {
      status: "refused",
      failureReason: "token_revoked",
      failureMessage: REVOKED_MESSAGE,
      finished: true,
    });
    ended.push(candidate.id);
  }
  return ended;
}
