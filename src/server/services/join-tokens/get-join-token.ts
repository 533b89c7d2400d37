import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import { findJoinToken } from "./find-join-token";
import { joinTokenNodeSchema, joinTokenSessionSchema, readTokenNodes, readTokenSessions, toJoinTokenNodeView, toJoinTokenSessionView } from "./join-token-provenance";
import { joinTokenViewSchema, toJoinTokenView } from "./join-token-view";

export const joinTokenDetailSchema = joinTokenViewSchema.extend({
  /** The join sessions opened with the token, newest first (at most 200). */
  sessions: z.array(joinTokenSessionSchema),
  /** The nodes that joined with it, newest first (at most 200). */
  nodes: z.array(joinTokenNodeSchema),
});
export type JoinTokenDetail = z.infer<typeof joinTokenDetailSchema>;

/** One token with its provenance: which machines used it (sessions) and which nodes came in with it. */
export async function getJoinToken(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer, input: { clusterId: string; tokenId: string }): Promise<JoinTokenDetail> {
  const { token } = await findJoinToken(deps, viewer, input);
  const [sessions, nodes] = await Promise.all([readTokenSessions(deps.db, token.id), readTokenNodes(deps.db, token.id)]);
  return { ...toJoinTokenView(token, deps.now()), sessions: sessions.map(toJoinTokenSessionView), nodes: nodes.map(toJoinTokenNodeView) };
}
