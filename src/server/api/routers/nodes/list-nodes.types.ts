import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeViewSchema } from "@/server/domain/nodes/node-view";
import { nodeClusterId } from "./node-params";

export const listNodesMeta = {
  openapi: { method: "GET", path: "/nodes", protect: true, tags: ["nodes"], summary: "A cluster's nodes, read live from its API server" },
} satisfies OpenApiMeta;

export const listNodesInput = z.object({ cluster_id: nodeClusterId });
export const listNodesOutput = z.object({ items: z.array(nodeViewSchema) });
