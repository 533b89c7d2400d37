import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinSessionViewSchema } from "@/server/services/join-sessions/join-session-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listJoinSessionsMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/join-sessions", protect: true, tags: ["join-sessions"], summary: "The cluster's join sessions with status and typed failure, newest first; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listJoinSessionsInput = z.object({ cluster_id: clusterIdParam, ...pageInput.shape });
export const listJoinSessionsOutput = pageSchema(joinSessionViewSchema);
