import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { drainReportSchema } from "@/server/domain/nodes/drain-report";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const DRAIN_DEFAULT_TIMEOUT_SECONDS = 120;
export const DRAIN_MAX_TIMEOUT_SECONDS = 600;

export const drainNodeMeta = {
  openapi: {
    method: "POST",
    path: "/nodes/{node_name}/drain",
    protect: true,
    tags: ["nodes"],
    summary: "Cordon a node and evict its pods (PodDisruptionBudgets honoured); returns what happened to each pod",
  },
} satisfies OpenApiMeta;

export const drainNodeInput = z.object({
  node_name: nodeNameParam,
  cluster_id: nodeClusterId,
  timeout_seconds: z
    .number()
    .int()
    .min(1, "timeout_seconds is at least 1.")
    .max(DRAIN_MAX_TIMEOUT_SECONDS, `timeout_seconds is at most ${DRAIN_MAX_TIMEOUT_SECONDS}.`)
    .default(DRAIN_DEFAULT_TIMEOUT_SECONDS),
});

export const drainNodeOutput = drainReportSchema;
