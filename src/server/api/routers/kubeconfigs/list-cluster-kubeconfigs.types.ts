import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { kubeconfigCredentialViewSchema } from "@/server/services/kubeconfigs/kubeconfig-credential-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listClusterKubeconfigsMeta = {
  openapi: { method: "GET", path: "/clusters/{cluster_id}/kubeconfigs", protect: true, tags: ["kubeconfigs"], summary: "The cluster's active kubeconfig credentials, whoever holds them (never their tokens), newest first; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listClusterKubeconfigsInput = z.object({ cluster_id: clusterIdParam, ...pageInput.shape });
export const listClusterKubeconfigsOutput = pageSchema(kubeconfigCredentialViewSchema);
