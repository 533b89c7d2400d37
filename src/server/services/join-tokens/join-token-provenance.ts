import { z } from "zod";
import { finishedJoinSessionStatuses, joinSessionStatusSchema } from "@/server/domain/join-sessions/join-session-status";
import type { JoinSession, JoinTokenNode, Prisma } from "@/server/infra/db/client";

/** Rows listed per token; a token used by more machines than this is shown with its newest ones. */
export const PROVENANCE_LIMIT = 200;

/** A join session that used the token (docs/join-tokens.md "Which machine came in with which token"). */
export const joinTokenSessionSchema = z.object({
  id: z.string(),
  status: joinSessionStatusSchema,
  /** A reason of domain/join-sessions/join-failure.ts when the session failed. */
  failure_reason: z.string().nullable(),
  /** The hostname (or --node-name) the wrapper reported. */
  node_name: z.string().nullable(),
  client_ip: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JoinTokenSessionView = z.infer<typeof joinTokenSessionSchema>;

/** A node whose kubelet bootstrapped with the token (its CSR was made as system:bootstrap:<token id>). */
export const joinTokenNodeSchema = z.object({
  node_name: z.string(),
  observed_at: z.string(),
  /** The join session the node came in with, when the platform could tie them. */
  session_id: z.string().nullable(),
});
export type JoinTokenNodeView = z.infer<typeof joinTokenNodeSchema>;

export function toJoinTokenSessionView(s: JoinSession): JoinTokenSessionView {
  return {
    id: s.id,
    status: s.status,
    failure_reason: s.failureReason,
    node_name: s.nodeName,
    client_ip: s.clientIp,
    created_at: s.createdAt.toISOString(),
    finished_at: s.finishedAt?.toISOString() ?? null,
  };
}

export function toJoinTokenNodeView(n: JoinTokenNode): JoinTokenNodeView {
  return { node_name: n.nodeName, observed_at: n.observedAt.toISOString(), session_id: n.sessionId };
}

type Reader = Pick<Prisma.TransactionClient, "joinSession" | "joinTokenNode">;

/** The token's sessions, newest first; `openOnly`: only those not finished yet (they fail when the token is revoked). */
export function readTokenSessions(db: Reader, joinTokenId: string, opts: { openOnly?: boolean } = {}): Promise<JoinSession[]> {
  return db.joinSession.findMany({
    where: { joinTokenId, ...(opts.openOnly && { status: { notIn: [...finishedJoinSessionStatuses] } }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PROVENANCE_LIMIT,
  });
}

/** The nodes that joined with the token, newest first. */
export function readTokenNodes(db: Reader, joinTokenId: string): Promise<JoinTokenNode[]> {
  return db.joinTokenNode.findMany({ where: { joinTokenId }, orderBy: [{ observedAt: "desc" }, { id: "desc" }], take: PROVENANCE_LIMIT });
}
