import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinSessionViewSchema } from "@/server/services/join-sessions/join-session-view";

export const listJoinSessionsMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/join-sessions", protect: true, tags: ["join-sessions"], summary: "The cluster's newest join sessions (up to 50), with status and typed failure" },
} satisfies OpenApiMeta;
export const listJoinSessionsInput = z.object({ cluster_id: clusterIdParam });
export const listJoinSessionsOutput = z.object({ items: z.array(joinSessionViewSchema) });
