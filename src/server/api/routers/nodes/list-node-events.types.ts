import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeEventTypeSchema, nodeEventTypes } from "@/server/domain/nodes/node-events";
import { NODE_EVENTS_DEFAULT_LIMIT, NODE_EVENTS_MAX_LIMIT } from "@/server/services/nodes/list-node-events";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const listNodeEventsMeta = {
  openapi: {
    method: "GET",
    path: "/node-events",
    protect: true,
    tags: ["nodes"],
    summary: "A cluster's recent node events (newest first; default 100, at most 500)",
  },
} satisfies OpenApiMeta;

export const listNodeEventsInput = z.object({
  cluster_id: nodeClusterId,
  node_id: z.string().trim().min(1).max(64).optional(),
  // The console knows a node by its name; (cluster, name) is unique in `nodes`, so this is the same filter.
  node_name: nodeNameParam.optional(),
  type: nodeEventTypeSchema.optional().describe(`One of ${nodeEventTypes.join(", ")}.`),
  limit: z
    .number()
    .int(`limit is a whole number between 1 and ${NODE_EVENTS_MAX_LIMIT}.`)
    .min(1, `limit is at least 1.`)
    .max(NODE_EVENTS_MAX_LIMIT, `limit is at most ${NODE_EVENTS_MAX_LIMIT}; page with a smaller one.`)
    .default(NODE_EVENTS_DEFAULT_LIMIT),
});

export const nodeEventSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  node_id: z.string().nullable(),
  node_name: z.string(),
  type: z.string(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
  observed_at: z.string(),
});
export const listNodeEventsOutput = z.object({ items: z.array(nodeEventSchema) });
