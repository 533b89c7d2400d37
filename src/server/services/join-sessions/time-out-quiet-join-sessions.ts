import { joinFailure } from "@/server/domain/join-sessions/join-failure-fixes";
import type { JoinSessionStatus } from "@/server/domain/join-sessions/join-session-status";
import { lockRowForUpdate } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { appendJoinSessionEvent } from "./append-join-session-event";

const UNFINISHED: JoinSessionStatus[] = ["open", "joining", "waiting_for_node"];

/**
 * Ends every unfinished session whose last event is older than `timeoutSeconds` as timed_out: `node_not_registered`
 * when the join script had finished and no Node came, `session_quiet` when the wrapper stopped reporting. Each is
 * re-checked under its row lock, so a report that just arrived wins. Returns how many were ended.
 */
export async function timeOutQuietJoinSessions(deps: ServiceDeps, timeoutSeconds: number): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - timeoutSeconds * 1_000);
  const quiet = await deps.db.joinSession.findMany({ where: { status: { in: UNFINISHED }, lastEventAt: { lt: cutoff } }, select: { id: true }, orderBy: { lastEventAt: "asc" }, take: 500 });
  let ended = 0;
  for (const { id } of quiet) {
    const done = await deps.db.$transaction(async (tx) => {
      if (!(await lockRowForUpdate(tx, "joinSession", id))) return false;
      const session = await tx.joinSession.findUnique({ where: { id } });
      if (!session || !UNFINISHED.includes(session.status) || session.lastEventAt >= cutoff) return false;
      const minutes = Math.round(timeoutSeconds / 60);
      const failure =
        session.status === "waiting_for_node"
          ? joinFailure("node_not_registered", `The join script finished, but no node registered within ${minutes} minutes.`)
          : joinFailure("session_quiet", `The machine sent nothing for ${minutes} minutes.`);
      return appendJoinSessionEvent(tx, id, { kind: "timed_out", outcome: "fail", detail: failure.message }, deps.now(), {
        status: "timed_out",
        failureReason: failure.reason,
        failureMessage: failure.message,
        finished: true,
      });
    });
    if (done) ended += 1;
  }
  if (ended > 0) deps.log.info("quiet join sessions timed out", { count: ended });
  return ended;
}
