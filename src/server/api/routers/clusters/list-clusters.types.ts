import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listClustersMeta = {
  openapi: { method: "GET", path: "/clusters", protect: true, tags: ["clusters"], summary: "Your clusters (administrators: all clusters), newest first; page with limit and next_cursor" },
} satisfies OpenApiMeta;

export const listClustersInput = z.object({
  include_deleted: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  ...pageInput.shape,
});
export const listClustersOutput = pageSchema(clusterViewSchema);
