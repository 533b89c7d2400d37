import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinTokenViewSchema } from "@/server/services/join-tokens/join-token-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listJoinTokensMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/join-tokens", protect: true, tags: ["join-tokens"], summary: "Join tokens of a cluster (never their secrets), newest first; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listJoinTokensInput = z.object({ cluster_id: clusterIdParam, ...pageInput.shape });
export const listJoinTokensOutput = pageSchema(joinTokenViewSchema);
