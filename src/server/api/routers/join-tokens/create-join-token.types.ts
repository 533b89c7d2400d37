import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { maxUsesSchema } from "@/server/domain/join-tokens/max-uses";
import { ttlSecondsSchema } from "@/server/domain/join-tokens/token-ttl";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { createdJoinTokenSchema } from "@/server/services/join-tokens/create-join-token";

export const createJoinTokenMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/join-token",
    protect: true,
    tags: ["join-tokens"],
    summary: "Issue a real bootstrap token in the cluster and return the node join command (the token is shown once)",
  },
} satisfies OpenApiMeta;

export const createJoinTokenInput = z.object({
  cluster_id: clusterIdParam,
  ttl_seconds: ttlSecondsSchema,
  description: z.string().trim().max(200, "Use at most 200 characters for the description.").optional(),
  max_uses: maxUsesSchema,
});

export const createJoinTokenOutput = createdJoinTokenSchema;
