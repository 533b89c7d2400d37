import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import { findJoinToken } from "./find-join-token";
import { joinTokenNodeSchema, joinTokenSessionSchema, readTokenNodes, readTokenSessions, toJoinTokenNodeView, toJoinTokenSessionView } from "./join-token-provenance";
import { joinTokenViewSchema, toJoinTokenView } from "./join-token-view";

export const joinTokenRevocationPreviewSchema = z.object({
  join_token: joinTokenViewSchema,
  /** Nodes already joined with the token: they keep working, revoking only stops new joins. */
  joined_nodes: z.array(joinTokenNodeSchema),
  /** Sessions still running: they end as refused (token_revoked). */
  open_sessions: z.array(joinTokenSessionSchema),
});
export type JoinTokenRevocationPreview = z.infer<typeof joinTokenRevocationPreviewSchema>;

/** What revoking the token would affect, for the console to show before the user confirms. Changes nothing. */
export async function previewJoinTokenRevocation(
  deps: Pick<ServiceDeps, "db" | "now">,
  viewer: Viewer,
  input: { clusterId: string; tokenId: string },
): Promise<JoinTokenRevocationPreview> {
  const { token } = await findJoinToken(deps, viewer, input);
  const [open, nodes] = await Promise.all([readTokenSessions(deps.db, token.id, { openOnly: true }), readTokenNodes(deps.db, token.id)]);
  return { join_token: toJoinTokenView(token, deps.now()), joined_nodes: nodes.map(toJoinTokenNodeView), open_sessions: open.map(toJoinTokenSessionView) };
}
