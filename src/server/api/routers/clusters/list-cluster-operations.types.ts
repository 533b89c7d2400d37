import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterOperationViewSchema } from "@/server/services/clusters/list-cluster-operations";
import { clusterIdParam } from "./cluster-id-param";

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

export const listClusterOperationsOutput = z.object({ items: z.array(clusterOperationViewSchema) });
