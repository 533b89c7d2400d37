import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";
import { clusterIdParam } from "./cluster-id-param";

export const getClusterMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}", protect: true, tags: ["clusters"], summary: "One cluster's metadata and status" },
} satisfies OpenApiMeta;

export const getClusterInput = z.object({ cluster_id: clusterIdParam });
export const getClusterOutput = clusterViewSchema;
