import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";
import { clusterIdParam } from "./cluster-id-param";

export const deleteClusterMeta = {
  openapi: {
    method: "DELETE",
    path: "/clusters/{cluster_id}",
    protect: true,
    tags: ["clusters"],
    summary: "Delete a cluster: marked deleting, then a job uninstalls its control plane and namespace; repeating it is harmless",
  },
} satisfies OpenApiMeta;

export const deleteClusterInput = z.object({ cluster_id: clusterIdParam });
export const deleteClusterOutput = clusterViewSchema;
