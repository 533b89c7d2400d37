import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterJobStatusSchema } from "@/server/domain/jobs/cluster-job";
import { clusterJobListSchema } from "@/server/services/jobs/list-cluster-jobs";

export const listClusterJobsMeta = {
  openapi: {
    method: "GET",
    path: "/admin/cluster-jobs",
    protect: true,
    tags: ["admin"],
    summary: "Read-only view of the cluster job queue: newest jobs first, with backlog figures",
  },
} satisfies OpenApiMeta;

export const listClusterJobsInput = z.object({
  status: clusterJobStatusSchema.optional(),
  cluster_id: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1, "limit must be at least 1.").max(500, "limit must be at most 500.").default(100),
});

export const listClusterJobsOutput = clusterJobListSchema;
