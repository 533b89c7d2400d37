import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { deletionPlanSchema } from "@/server/services/clusters/get-deletion-plan";
import { clusterIdParam } from "./cluster-id-param";

export const getDeletionPlanMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/deletion-plan",
    protect: true,
    tags: ["clusters"],
    summary: "What deleting the cluster removes or leaves: joined nodes (reset them first), host namespace, volumes, DNS records, tokens, route plans, kubeconfig credentials",
  },
} satisfies OpenApiMeta;

export const getDeletionPlanInput = z.object({ cluster_id: clusterIdParam });
export const getDeletionPlanOutput = deletionPlanSchema;
