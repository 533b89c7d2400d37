import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinTokenDetailSchema } from "@/server/services/join-tokens/get-join-token";
import { tokenIdParam } from "./token-id-param";

export const getJoinTokenMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/join-tokens/{token_id}",
    protect: true,
    tags: ["join-tokens"],
    summary: "A join token (never its secret) with the join sessions that used it and the nodes that joined with it",
  },
} satisfies OpenApiMeta;
export const getJoinTokenInput = z.object({ cluster_id: clusterIdParam, token_id: tokenIdParam });
export const getJoinTokenOutput = joinTokenDetailSchema;
