import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const cordonNodeMeta = {
  openapi: { method: "POST", path: "/nodes/{node_name}/cordon", protect: true, tags: ["nodes"], summary: "Cordon a node (no new pods are scheduled on it)" },
} satisfies OpenApiMeta;
export const uncordonNodeMeta = {
  openapi: { method: "POST", path: "/nodes/{node_name}/uncordon", protect: true, tags: ["nodes"], summary: "Uncordon a node (schedulable again)" },
} satisfies OpenApiMeta;

export const setNodeSchedulableInput = z.object({ node_name: nodeNameParam, cluster_id: nodeClusterId });
export const setNodeSchedulableOutput = z.object({ cluster_id: z.string(), node_name: z.string(), unschedulable: z.boolean() });
