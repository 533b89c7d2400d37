import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterKubeconfigSchema } from "@/server/services/kubeconfigs/get-cluster-kubeconfig";
import { clusterIdParam } from "./cluster-id-param";

export const getClusterKubeconfigMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/kubeconfig",
    protect: true,
    tags: ["clusters"],
    summary: "Issue a short-lived kubeconfig for you with the default access and lifetime (as POST /clusters/{cluster_id}/kubeconfigs; 409 when public access is off)",
  },
} satisfies OpenApiMeta;
export const getClusterKubeconfigInput = z.object({ cluster_id: clusterIdParam });
export const getClusterKubeconfigOutput = clusterKubeconfigSchema;
