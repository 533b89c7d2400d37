import { AppError } from "@/server/domain/errors";
import { sessionSecretMatches } from "@/server/domain/join-sessions/session-secret";
import type { Prisma } from "@/server/infra/db/client";

// A wrong secret answers exactly like an unknown session: a caller without the secret learns nothing.
const notFound = () => new AppError("NOT_FOUND", "No such join session. Run the join command again to start a new one.");

/** The session `sessionId` when `secret` is its bearer secret (constant-time hash compare), else NOT_FOUND. */
export async function authenticateJoinSession(db: Pick<Prisma.TransactionClient, "joinSession">, sessionId: string, secret: string | undefined) {
  if (!secret) throw notFound();
  const session = await db.joinSession.findUnique({ where: { id: sessionId } });
  if (!session || !sessionSecretMatches(session.secretHash, secret)) throw notFound();
  return session;
}
