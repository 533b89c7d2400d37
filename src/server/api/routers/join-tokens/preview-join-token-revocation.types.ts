import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinTokenRevocationPreviewSchema } from "@/server/services/join-tokens/preview-join-token-revocation";
import { tokenIdParam } from "./token-id-param";

export const previewJoinTokenRevocationMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/join-tokens/{token_id}/revocation-preview",
    protect: true,
    tags: ["join-tokens"],
    summary: "What revoking a join token affects: nodes already joined with it (they keep working) and open join sessions (they fail)",
  },
} satisfies OpenApiMeta;
export const previewJoinTokenRevocationInput = z.object({ cluster_id: clusterIdParam, token_id: tokenIdParam });
export const previewJoinTokenRevocationOutput = joinTokenRevocationPreviewSchema;
