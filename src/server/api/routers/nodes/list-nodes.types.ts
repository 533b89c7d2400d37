import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeViewSchema } from "@/server/domain/nodes/node-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";
import { nodeClusterId } from "./node-params";

export const listNodesMeta = {
  openapi: {
    method: "GET",
    path: "/nodes",
    protect: true,
    tags: ["nodes"],
    summary: "A cluster's nodes, read live from its API server in name order; page with limit and next_cursor (the API server's continue token)",
  },
} satisfies OpenApiMeta;

export const listNodesInput = z.object({
  cluster_id: nodeClusterId,
  ...pageInput.shape,
  // The cluster's API server issues this cursor (its list `continue` token) and expires it after a few minutes.
  cursor: pageInput.shape.cursor.describe("`next_cursor` of the previous page (the cluster API server's continue token, valid for a few minutes); omit for the first page."),
});
export const listNodesOutput = pageSchema(nodeViewSchema);
