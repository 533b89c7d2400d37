import type { JoinSessionEventKind, JoinSessionEventOutcome, JoinSessionStatus } from "@/server/domain/join-sessions/join-session-status";
import { newId } from "@/server/domain/ids";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";

export interface JoinSessionEventInput {
  kind: JoinSessionEventKind;
  outcome: JoinSessionEventOutcome;
  check?: string;
  detail?: string;
}

/** A status change written with the event, in the same transaction. */
export interface JoinSessionTransition {
  status: JoinSessionStatus;
  failureReason?: string | null;
  failureMessage?: string | null;
  nodeName?: string;
  registeredNode?: string;
  finished?: boolean;
}

/**
 * The one way to add to a session's timeline: locks the session row so the wrapper's reports and the CSR watcher
 * number their events in order, appends the event, moves `last_event_at` (the quiet-session timeout reads it)
 * and applies the transition if one is given. False when the session does not exist. `tx` must be an
 * interactive transaction.
 */
export async function appendJoinSessionEvent(
  tx: Prisma.TransactionClient,
  sessionId: string,
  event: JoinSessionEventInput,
  at: Date,
  transition?: JoinSessionTransition,
): Promise<boolean> {
  if (!(await lockRowForUpdate(tx, "joinSession", sessionId))) return false;
  const last = await tx.joinSessionEvent.findFirst({ where: { sessionId }, orderBy: { sequence: "desc" }, select: { sequence: true } });
  await tx.joinSessionEvent.create({
    data: { id: newId("jse"), sessionId, sequence: (last?.sequence ?? 0) + 1, kind: event.kind, outcome: event.outcome, check: event.check ?? null, detail: event.detail ?? null, createdAt: at },
  });
  await tx.joinSession.update({
    where: { id: sessionId },
    data: {
      lastEventAt: at,
      ...(transition && {
        status: transition.status,
        ...(transition.failureReason !== undefined && { failureReason: transition.failureReason }),
        ...(transition.failureMessage !== undefined && { failureMessage: transition.failureMessage }),
        ...(transition.nodeName !== undefined && { nodeName: transition.nodeName }),
        ...(transition.registeredNode !== undefined && { registeredNode: transition.registeredNode }),
        ...(transition.finished && { finishedAt: at }),
      }),
    },
  });
  return true;
}
