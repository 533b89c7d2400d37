import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { AppError } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import type { ClusterConnectionDeps } from "./cluster-job-deps";
import { connectToCluster } from "./connect-to-cluster";
import { findAccessibleCluster } from "./find-accessible-cluster";

export const clusterKubeconfigSchema = z.object({ cluster_id: z.string(), api_endpoint: z.string(), kubeconfig: z.string() });
export type ClusterKubeconfig = z.infer<typeof clusterKubeconfigSchema>;

/**
 * The owner's kubeconfig (the vCluster's admin credentials, server rewritten
 * to the public endpoint). With public access off there is nothing a user
 * could reach, so the answer is a clear 409 rather than an internal address.
 */
export async function getClusterKubeconfig(
  deps: Pick<ServiceDeps, "db"> & { cluster: ClusterConnectionDeps },
  viewer: Viewer,
  clusterId: string,
  origin: RequestOrigin,
): Promise<ClusterKubeconfig> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  if (effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode }) === "off") {
    throw new AppError(
      "CONFLICT",
      "Public access is off for this cluster, so there is no kubeconfig to download. Turn on public access (nodeport or loadbalancer) in the cluster settings first.",
    );
  }
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  if (!connection.userKubeconfigYaml || !connection.apiEndpoint) {
    throw new AppError("PRECONDITION_FAILED", `The cluster's public endpoint is not known yet${connection.pendingReason ? `: ${connection.pendingReason}` : ""}. Try again shortly.`);
  }
  await recordAuditEvent(deps.db, { actorUserId: viewer.id, action: "cluster.kubeconfig_download", targetType: "cluster", targetId: cluster.id }, origin);
  return { cluster_id: cluster.id, api_endpoint: connection.apiEndpoint, kubeconfig: connection.userKubeconfigYaml };
}
