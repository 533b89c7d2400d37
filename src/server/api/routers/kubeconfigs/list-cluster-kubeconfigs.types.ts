import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { kubeconfigCredentialViewSchema } from "@/server/services/kubeconfigs/kubeconfig-credential-view";

export const listClusterKubeconfigsMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/kubeconfigs", protect: true, tags: ["kubeconfigs"], summary: "The cluster's active kubeconfig credentials, whoever holds them (never their tokens)" },
} satisfies OpenApiMeta;
export const listClusterKubeconfigsInput = z.object({ cluster_id: clusterIdParam });
export const listClusterKubeconfigsOutput = z.object({ items: z.array(kubeconfigCredentialViewSchema) });
