import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinTokenViewSchema } from "@/server/services/join-tokens/join-token-view";

export const revokeJoinTokenMeta = {
  openapi: {
    method: "DELETE",
    path: "/clusters/{cluster_id}/join-tokens/{token_id}",
    protect: true,
    tags: ["join-tokens"],
    summary: "Revoke a join token: its Secret is deleted from the cluster (idempotent)",
  },
} satisfies OpenApiMeta;
export const revokeJoinTokenInput = z.object({
  cluster_id: clusterIdParam,
  token_id: z.string().regex(/^[a-z0-9]{6}$/, "token_id is the 6-character public part of the token."),
});
export const revokeJoinTokenOutput = joinTokenViewSchema;
