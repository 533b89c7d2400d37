import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { connectForUserKubeconfig } from "./public-endpoint-connection";

export const BREAK_GLASS_REASON_MIN = 10;
export const BREAK_GLASS_REASON_MAX = 500;

export const breakGlassKubeconfigSchema = z.object({ cluster_id: z.string(), api_endpoint: z.string(), kubeconfig: z.string() });
export type BreakGlassKubeconfig = z.infer<typeof breakGlassKubeconfigSchema>;

/**
 * The vCluster's admin client certificate (Secret vc-<name>, server rewritten to the public endpoint), for when the
 * per-user path is broken. It cannot be revoked short of rotating the vCluster's CA, so only the owner gets it, with a
 * reason that goes into the audit trail. Anyone else, admins included, is told the cluster does not exist for this.
 */
export async function breakGlassKubeconfig(
  deps: Pick<ServiceDeps, "db" | "log"> & { cluster: ClusterConnectionDeps },
  viewer: Viewer,
  input: { clusterId: string; reason: string },
  origin: RequestOrigin,
): Promise<BreakGlassKubeconfig> {
  const cluster = await deps.db.cluster.findUnique({ where: { id: input.clusterId } });
  if (!cluster || cluster.ownerId !== viewer.id) throw notFound(`Cluster ${input.clusterId}`);
  const connection = await connectForUserKubeconfig({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  if (!connection.userKubeconfigYaml) throw new Error("a resolved public endpoint always comes with the user's kubeconfig");
  await recordAuditEvent(
    deps.db,
    { actorUserId: viewer.id, action: "cluster.kubeconfig_break_glass", targetType: "cluster", targetId: cluster.id, metadata: { reason: input.reason } },
    origin,
  );
  deps.log.warn("break-glass admin kubeconfig downloaded", { cluster_id: cluster.id, user_id: viewer.id });
  return { cluster_id: cluster.id, api_endpoint: connection.apiEndpoint, kubeconfig: connection.userKubeconfigYaml };
}
