import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { BREAK_GLASS_REASON_MAX, BREAK_GLASS_REASON_MIN, breakGlassKubeconfigSchema } from "@/server/services/kubeconfigs/break-glass-kubeconfig";

export const breakGlassKubeconfigMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/kubeconfig/break-glass",
    protect: true,
    tags: ["kubeconfigs"],
    summary: "Owner only, audited with the reason: the vCluster's long-lived admin client certificate, which cannot be revoked",
  },
} satisfies OpenApiMeta;
const REASON_MESSAGE = `reason must say in ${BREAK_GLASS_REASON_MIN} to ${BREAK_GLASS_REASON_MAX} characters why you need the admin certificate (it is recorded in the audit trail).`;
export const breakGlassKubeconfigInput = z.object({
  cluster_id: clusterIdParam,
  reason: z.string({ error: REASON_MESSAGE }).trim().min(BREAK_GLASS_REASON_MIN, { error: REASON_MESSAGE }).max(BREAK_GLASS_REASON_MAX, { error: REASON_MESSAGE }),
});
export const breakGlassKubeconfigOutput = breakGlassKubeconfigSchema;
