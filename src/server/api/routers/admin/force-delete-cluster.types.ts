import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";

export const forceDeleteClusterMeta = {
  openapi: {
    method: "POST",
    path: "/admin/clusters/{cluster_id}/force-delete",
    protect: true,
    tags: ["admin"],
    summary: "Force a deletion stuck on finalizers: the delete job removes the finalizers holding the host namespace (audited with the reason)",
  },
} satisfies OpenApiMeta;

export const forceDeleteClusterInput = z.object({
  cluster_id: clusterIdParam,
  reason: z.string().trim().min(1, "Give a reason for the forced deletion; it goes into the audit log.").max(500, "Keep the reason under 500 characters."),
});
export const forceDeleteClusterOutput = clusterViewSchema;
