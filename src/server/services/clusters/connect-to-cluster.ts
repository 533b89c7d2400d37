import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { AppError } from "@/server/domain/errors";
import type { Cluster } from "@/server/infra/db/client";
import type { Prisma } from "@/server/infra/db/client";
import { readNodePortHostAddress } from "@/server/services/settings/read-system-settings";
import type { ClusterConnectionDeps } from "./cluster-job-deps";
import type { ResolvedConnection } from "./kubeconfig-resolver";

/**
 * How the platform reaches a cluster's control plane right now (spec §5.5/§5.7:
 * read vc-<name>, rewrite localhost:8443 to the real endpoint). Only a ready
 * cluster has one; otherwise the caller is told to wait.
 */
export async function connectToCluster(deps: ClusterConnectionDeps & { db: Pick<Prisma.TransactionClient, "systemSetting"> }, cluster: Cluster): Promise<ResolvedConnection> {
  if (cluster.status !== "ready" && cluster.status !== "updating") {
    throw new AppError(
      "PRECONDITION_FAILED",
      `Cluster ${cluster.id} is ${cluster.status}; its control plane can be reached once it is ready. Check the cluster's operation timeline.`,
    );
  }
  return resolveClusterConnection(deps, cluster);
}

/**
 * The same without the status check, for the delete job's best-effort cleanup inside a cluster on its way out
 * (the vc-<name> Secret is there until helm uninstall) and for the admission review (the vCluster calling is up).
 * Everything else uses connectToCluster.
 */
export async function resolveClusterConnection(
  deps: ClusterConnectionDeps & { db: Pick<Prisma.TransactionClient, "systemSetting"> },
  cluster: Pick<Cluster, "namespace" | "vclusterName" | "publicAccessEnabled" | "publicAccessMode" | "controlPlaneHost">,
): Promise<ResolvedConnection> {
  return deps.resolver.resolve(
    {
      namespace: cluster.namespace,
      vclusterName: cluster.vclusterName,
      mode: effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode }),
      controlPlaneHost: cluster.controlPlaneHost,
      nodePortHostAddress: await readNodePortHostAddress(deps),
    },
  );
}
