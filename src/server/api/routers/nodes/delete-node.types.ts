import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const deleteNodeMeta = {
  openapi: {
    method: "DELETE",
    path: "/nodes/{node_name}",
    protect: true,
    tags: ["nodes"],
    summary: "Remove a Node object from the cluster (idempotent; drain it first)",
  },
} satisfies OpenApiMeta;

export const deleteNodeInput = z.object({ node_name: nodeNameParam, cluster_id: nodeClusterId });
export const deleteNodeOutput = z.object({ cluster_id: z.string(), node_name: z.string(), deleted: z.literal(true) });
