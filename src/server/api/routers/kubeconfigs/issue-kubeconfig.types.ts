import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { kubeconfigAccessSchema } from "@/server/domain/kubeconfigs/kubeconfig-credential";
import { kubeconfigTtlSecondsSchema } from "@/server/domain/kubeconfigs/kubeconfig-ttl";
import { issuedKubeconfigSchema } from "@/server/services/kubeconfigs/issue-kubeconfig";

export const issueKubeconfigMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/kubeconfigs",
    protect: true,
    tags: ["kubeconfigs"],
    summary: "Issue a short-lived kubeconfig for you (a ServiceAccount token in the cluster); admin for the owner, view for a platform admin",
  },
} satisfies OpenApiMeta;
export const issueKubeconfigInput = z.object({
  cluster_id: clusterIdParam,
  access: kubeconfigAccessSchema.optional(),
  ttl_seconds: kubeconfigTtlSecondsSchema.optional(),
});
export const issueKubeconfigOutput = issuedKubeconfigSchema;
