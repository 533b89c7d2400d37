import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { issueKubeconfig } from "./issue-kubeconfig";
import type { KubeconfigDeps } from "./kubeconfig-deps";
import type { RequestOrigin } from "@/server/services/service-deps";

export const clusterKubeconfigSchema = z.object({ cluster_id: z.string(), api_endpoint: z.string(), kubeconfig: z.string(), credential_id: z.string(), expires_at: z.string() });
export type ClusterKubeconfig = z.infer<typeof clusterKubeconfigSchema>;

/**
 * GET /clusters/{cluster_id}/kubeconfig as older clients know it: now a per-user credential with the default access
 * and lifetime (issueKubeconfig), no longer the vCluster's admin certificate (that is the audited break-glass path).
 */
export async function getClusterKubeconfig(deps: KubeconfigDeps, viewer: Viewer, clusterId: string, origin: RequestOrigin): Promise<ClusterKubeconfig> {
  const issued = await issueKubeconfig(deps, viewer, { clusterId }, origin);
  return { cluster_id: clusterId, api_endpoint: issued.api_endpoint, kubeconfig: issued.kubeconfig, credential_id: issued.credential.id, expires_at: issued.expires_at };
}
