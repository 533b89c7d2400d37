import { AppError } from "@/server/domain/errors";

/** 409 for a report to a session that already ended: the wrapper prints it and the user starts over. */
export const finishedSessionConflict = (session: { id: string; status: string; failureReason: string | null }) =>
  new AppError(
    "CONFLICT",
    `Join session ${session.id} already ended (${session.status}${session.failureReason ? `: ${session.failureReason}` : ""}); run the join command again to start a new session.`,
  );
