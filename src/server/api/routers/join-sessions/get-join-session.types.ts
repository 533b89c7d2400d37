import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { joinSessionDetailSchema } from "@/server/services/join-sessions/join-session-view";

export const getJoinSessionMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/join-sessions/{session_id}", protect: true, tags: ["join-sessions"], summary: "One join session with its ordered timeline" },
} satisfies OpenApiMeta;
export const getJoinSessionInput = z.object({ cluster_id: clusterIdParam, session_id: z.string().regex(/^js_[A-Za-z0-9_-]{1,64}$/, "expected a join session id (js_…)") });
export const getJoinSessionOutput = joinSessionDetailSchema;
