import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinTokenViewSchema } from "@/server/services/join-tokens/join-token-view";

export const listJoinTokensMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/join-tokens", protect: true, tags: ["join-tokens"], summary: "Join tokens of a cluster (never their secrets)" },
} satisfies OpenApiMeta;
export const listJoinTokensInput = z.object({ cluster_id: clusterIdParam });
export const listJoinTokensOutput = z.object({ items: z.array(joinTokenViewSchema) });
