import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "./cluster.schema";

export const listClusterOperationsMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/operations",
    protect: true,
    tags: ["clusters"],
    summary: "A cluster's recent operations (newest first, at most 20) with their step timelines",
  },
} satisfies OpenApiMeta;

export const listClusterOperationsInput = z.object({ cluster_id: clusterIdParam });

const operationStepSchema = z.object({
  name: z.string(),
  status: z.enum(["pending", "running", "succeeded", "failed", "skipped"]),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  message: z.string().nullable(),
});

export const clusterOperationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(["pending", "running", "succeeded", "failed"]),
  error: z.string().nullable(),
  steps: z.array(operationStepSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

export const listClusterOperationsOutput = z.object({ items: z.array(clusterOperationSchema) });
