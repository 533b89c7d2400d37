import { AppError } from "@/server/domain/errors";
import type { JoinFailure } from "@/server/domain/join-sessions/join-failure-fixes";
import { isFinishedJoinSession } from "@/server/domain/join-sessions/join-session-status";
import { classifyCheck, classifyScriptExit, joinSessionReportSchema } from "@/server/domain/join-sessions/preflight-checks";
import { lockRowForUpdate } from "@/server/infra/db/client";
import { appendJoinSessionEvent, type JoinSessionTransition } from "./append-join-session-event";
import { authenticateJoinSession } from "./authenticate-join-session";
import { finishedSessionConflict } from "./finished-session-conflict";
import type { JoinSessionDeps } from "./join-session-deps";

/** What the wrapper is told: go on, or stop and print why. */
export type JoinReportAnswer = { kind: "continue" } | { kind: "stop"; failure: JoinFailure };

/**
 * POST /api/join/sessions/{id}/events: one step the wrapper reports as raw facts. The platform judges it
 * (domain/join-sessions/preflight-checks.ts), appends it to the timeline and moves the session: a failed check ends
 * it as preflight_failed, the join script's end as join_failed, waiting_for_node or (for --reset-only) reset.
 */
export async function recordJoinSessionReport(deps: JoinSessionDeps, input: { sessionId: string; secret: string | undefined; fields: Record<string, string> }): Promise<JoinReportAnswer> {
  await authenticateJoinSession(deps.db, input.sessionId, input.secret);
  const parsed = joinSessionReportSchema.safeParse(input.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("BAD_REQUEST", `Invalid join session report: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}. Run the join command again.`);
  }
  const report = parsed.data;
  return deps.db.$transaction(async (tx) => {
    await lockRowForUpdate(tx, "joinSession", input.sessionId);
    const session = await tx.joinSession.findUniqueOrThrow({ where: { id: input.sessionId } });
    if (isFinishedJoinSession(session.status)) throw finishedSessionConflict(session);
    const now = deps.now();
    const nodeName = report.node_name?.trim() || undefined;

    if (report.step === "script_finished") {
      if (session.status !== "joining") throw new AppError("CONFLICT", `Join session ${session.id} has not fetched the join script yet; report its end after running it.`);
      const verdict = classifyScriptExit(report);
      const transition: JoinSessionTransition = verdict.failure
        ? { status: "join_failed", failureReason: verdict.failure.reason, failureMessage: verdict.failure.message, finished: true, nodeName }
        : report.mode === "reset"
          ? { status: "reset", finished: true, nodeName }
          : { status: "waiting_for_node", nodeName };
      await appendJoinSessionEvent(tx, session.id, { kind: "script_finished", outcome: verdict.outcome, detail: verdict.detail }, now, transition);
      return verdict.failure ? { kind: "stop", failure: verdict.failure } : { kind: "continue" };
    }

    if (session.status !== "open") throw new AppError("CONFLICT", `Preflight is over for join session ${session.id} (${session.status}); run the join command again to check the machine anew.`);
    const verdict = classifyCheck(report.step, report, { now, clockSkewSeconds: deps.clockSkewSeconds, endpoint: report.endpoint?.trim() || null });
    const transition: JoinSessionTransition | undefined = verdict.failure
      ? { status: "preflight_failed", failureReason: verdict.failure.reason, failureMessage: verdict.failure.message, finished: true, nodeName }
      : nodeName && nodeName !== session.nodeName
        ? { status: session.status, nodeName }
        : undefined;
    await appendJoinSessionEvent(tx, session.id, { kind: "check", check: report.step, outcome: verdict.outcome, detail: verdict.detail }, now, transition);
    return verdict.failure ? { kind: "stop", failure: verdict.failure } : { kind: "continue" };
  });
}
