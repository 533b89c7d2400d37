import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";

export const listClustersMeta = {
  openapi: { method: "GET", path: "/clusters", protect: true, tags: ["clusters"], summary: "Your clusters (administrators: all clusters), newest first" },
} satisfies OpenApiMeta;

export const listClustersInput = z.object({
  include_deleted: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export const listClustersOutput = z.object({ items: z.array(clusterViewSchema) });
