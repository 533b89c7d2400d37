import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { kubeconfigCredentialViewSchema } from "@/server/services/kubeconfigs/kubeconfig-credential-view";

export const revokeKubeconfigMeta = {
  openapi: {
    method: "DELETE",
    path: "/clusters/{cluster_id}/kubeconfigs/{credential_id}",
    protect: true,
    tags: ["kubeconfigs"],
    summary: "Revoke a kubeconfig: its ServiceAccount is deleted in the cluster, so the token stops at once (idempotent)",
  },
} satisfies OpenApiMeta;
export const revokeKubeconfigInput = z.object({
  cluster_id: clusterIdParam,
  credential_id: z.string().regex(/^kc_[a-z0-9]+$/, "credential_id looks like kc_… (see GET /profile/kubeconfigs)."),
});
export const revokeKubeconfigOutput = kubeconfigCredentialViewSchema;
