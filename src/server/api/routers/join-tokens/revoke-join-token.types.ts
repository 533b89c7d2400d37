import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinTokenViewSchema } from "@/server/services/join-tokens/join-token-view";
import { tokenIdParam } from "./token-id-param";

export const revokeJoinTokenMeta = {
  openapi: {
    method: "DELETE",
    path: "/clusters/{cluster_id}/join-tokens/{token_id}",
    protect: true,
    tags: ["join-tokens"],
    summary: "Revoke a join token: its Secret is deleted from the cluster and its open join sessions fail; joined nodes keep working (idempotent)",
  },
} satisfies OpenApiMeta;
export const revokeJoinTokenInput = z.object({
  cluster_id: clusterIdParam,
  token_id: tokenIdParam,
});
export const revokeJoinTokenOutput = joinTokenViewSchema;
