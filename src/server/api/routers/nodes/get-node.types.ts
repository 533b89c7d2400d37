import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeViewSchema } from "@/server/domain/nodes/node-view";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const getNodeMeta = {
  openapi: { method: "GET", path: "/nodes/{node_name}", protect: true, tags: ["nodes"], summary: "One node of a cluster, read live from its API server" },
} satisfies OpenApiMeta;

export const getNodeInput = z.object({ node_name: nodeNameParam, cluster_id: nodeClusterId });
export const getNodeOutput = nodeViewSchema;
