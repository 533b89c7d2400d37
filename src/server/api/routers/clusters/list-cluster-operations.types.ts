import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterOperationViewSchema } from "@/server/services/clusters/list-cluster-operations";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";
import { clusterIdParam } from "./cluster-id-param";

export const listClusterOperationsMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/operations",
    protect: true,
    tags: ["clusters"],
    summary: "A cluster's operations with their step timelines, newest first; page with limit and next_cursor",
  },
} satisfies OpenApiMeta;

export const listClusterOperationsInput = z.object({ cluster_id: clusterIdParam, ...pageInput.shape });

export const listClusterOperationsOutput = pageSchema(clusterOperationViewSchema);
