import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { controlPlaneTlsRouteName } from "@/server/domain/clusters/control-plane-tls-route";
import { orphanVolumeSchema } from "@/server/domain/clusters/orphan-report";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { ServiceDeps } from "@/server/services/service-deps";
import { AppError } from "@/server/domain/errors";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { findAccessibleCluster } from "./find-accessible-cluster";
import { messageOf } from "./operation-recorder";

const group = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

export const deletionPlanSchema = z.object({
  cluster_id: z.string(),
  /** Joined nodes: each keeps pointing at a dead endpoint after the delete unless reset first (POST …/reset-commands). */
  nodes: group(z.object({ name: z.string(), status: z.string(), internal_ip: z.string().nullable() })),
  host: z.object({
    namespace: z.string(),
    helm_release: z.string(),
    /** The control plane's PersistentVolumeClaims, with the bound volume and its reclaim policy (Retain outlives the delete). */
    volume_claims: group(z.object({ name: z.string(), volume: orphanVolumeSchema.nullable() })),
    /** The gatewayapi provider's TLSRoute in the namespace; null with other providers. */
    tls_route: z.string().nullable(),
  }),
  dns_records: z.object({ count: z.number().int(), cname_target: z.string().nullable(), hostname_bindings: z.array(z.string()) }),
  join_tokens: group(z.object({ token_id: z.string(), purpose: z.string(), expires_at: z.string() })),
  route_plans: group(z.string()),
  kubeconfig_credentials: group(z.object({ id: z.string(), user_id: z.string(), access: z.string(), expires_at: z.string() })),
});
export type DeletionPlan = z.infer<typeof deletionPlanSchema>;

/** The host reads of the deletion plan (the API's cluster runtime has it). */
export type DeletionPlanDeps = Pick<ClusterJobDeps, "hostInventory">;

/**
 * GET /clusters/{id}/deletion-plan: what a delete would remove or leave, before it is requested — the joined
 * nodes (to reset first) and every group of objects with names and counts. Host reads failing is an error the
 * user can retry: a plan without its volumes would understate what is lost.
 */
export async function getDeletionPlan(
  deps: Pick<ServiceDeps, "db" | "log" | "now"> & { publicAccessProvider: PublicAccessProvider; cluster: DeletionPlanDeps },
  viewer: Viewer,
  clusterId: string,
): Promise<DeletionPlan> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const inventory = deps.cluster.hostInventory;
  const now = deps.now();
  const [nodes, tokens, bindings, credentials, claims, routePlans] = await Promise.all([
    deps.db.node.findMany({ where: { clusterId: cluster.id, deletedAt: null }, orderBy: { name: "asc" } }),
    deps.db.joinToken.findMany({ where: { clusterId: cluster.id, revokedAt: null, cleanedAt: null, expiresAt: { gt: now } }, orderBy: { createdAt: "asc" } }),
    deps.db.hostnameBinding.findMany({ where: { clusterId: cluster.id, dnsManagementScope: "platform_managed" }, orderBy: { hostname: "asc" } }),
    deps.db.kubeconfigCredential.findMany({ where: { clusterId: cluster.id, revokedAt: null, expiresAt: { gt: now } }, orderBy: { createdAt: "asc" } }),
    hostRead(deps, cluster.id, "the control plane's volume claims", () => inventory.listClaims(cluster.namespace)),
    hostRead(deps, cluster.id, "the route plans", () => inventory.listRoutePlanNodes(cluster.id)),
  ]);
  const cnameTarget = cluster.managedWorkloadIngressDnsStatus === "disabled" ? null : cluster.managedWorkloadIngressCnameTarget;
  return {
    cluster_id: cluster.id,
    nodes: { count: nodes.length, items: nodes.map((n) => ({ name: n.name, status: n.status, internal_ip: n.internalIp })) },
    host: {
      namespace: cluster.namespace,
      helm_release: cluster.vclusterName,
      volume_claims: { count: claims.length, items: claims },
      tls_route: deps.publicAccessProvider === "gatewayapi" ? `${cluster.namespace}/${controlPlaneTlsRouteName(cluster.vclusterName)}` : null,
    },
    dns_records: { count: (cnameTarget ? 1 : 0) + bindings.length, cname_target: cnameTarget, hostname_bindings: bindings.map((b) => b.hostname) },
    join_tokens: { count: tokens.length, items: tokens.map((t) => ({ token_id: t.tokenId, purpose: t.purpose, expires_at: t.expiresAt.toISOString() })) },
    route_plans: { count: routePlans.length, items: routePlans },
    kubeconfig_credentials: {
      count: credentials.length,
      items: credentials.map((c) => ({ id: c.id, user_id: c.userId, access: c.access, expires_at: c.expiresAt.toISOString() })),
    },
  };
}

async function hostRead<T>(deps: Pick<ServiceDeps, "log">, clusterId: string, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    deps.log.warn("deletion plan: host read failed", { cluster_id: clusterId, what, error: messageOf(error) });
    throw new AppError("SERVICE_UNAVAILABLE", `Could not read ${what} from the host cluster (${messageOf(error)}); try again, or ask an administrator to check Platform health.`);
  }
}
