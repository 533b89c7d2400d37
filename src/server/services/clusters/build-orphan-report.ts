import {
  finalizersFromConditions,
  orphanReportSchema,
  remainingContentFromConditions,
  type FinalizerHolder,
  type OrphanReport,
} from "@/server/domain/clusters/orphan-report";
import type { Cluster, Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { HostNamespaceInventory } from "./host-namespace-inventory";
import { messageOf } from "./operation-recorder";

export interface ForcedRemoval {
  reason: string;
  removed: FinalizerHolder[];
  namespaceFinalizersCleared: string[];
}

type ReportDeps = Pick<ServiceDeps, "db" | "log" | "now"> & { hostInventory: HostNamespaceInventory };

/**
 * What a delete run left behind, read after its last step (succeeded or not): the namespace and what holds
 * it, volumes that outlived it, and the platform's records for the cluster. Each host read is best effort —
 * a host that cannot be read leaves that part empty and the log says why — so a report is always written.
 */
export async function buildOrphanReport(deps: ReportDeps, cluster: Cluster, forced: ForcedRemoval | null): Promise<OrphanReport> {
  const inventory = deps.hostInventory;
  const read = async <T>(what: string, fallback: T, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      deps.log.warn(`orphan report: could not read ${what}`, { cluster_id: cluster.id, error: messageOf(error) });
      return fallback;
    }
  };
  const state = await read("the host namespace", null, () => inventory.readNamespace(cluster.namespace));
  const present = state?.present ?? true;
  const conditions = state?.present ? state.conditions : [];
  const holders = present ? await read("the objects holding the namespace", [], () => inventory.listFinalizerHolders(cluster.namespace)) : [];
  const now = deps.now();
  const [volumes, routePlans, tokens, bindings] = await Promise.all([
    read("PersistentVolumes", [], () => inventory.listVolumesClaimedFrom(cluster.namespace)),
    read("route plans", [], () => inventory.listRoutePlanNodes(cluster.id)),
    deps.db.joinToken.findMany({ where: { clusterId: cluster.id, revokedAt: null, cleanedAt: null, expiresAt: { gt: now } }, select: { tokenId: true }, orderBy: { createdAt: "asc" } }),
    deps.db.hostnameBinding.findMany({ where: { clusterId: cluster.id, dnsManagementScope: "platform_managed", dnsManagementStatus: { in: ["synced", "error"] } }, select: { hostname: true }, orderBy: { hostname: "asc" } }),
  ]);
  return orphanReportSchema.parse({
    namespace: {
      name: cluster.namespace,
      present,
      phase: state?.present ? state.phase : null,
      finalizers: finalizersFromConditions(conditions),
      remaining_content: remainingContentFromConditions(conditions),
      holders,
    },
    persistent_volumes: volumes,
    dns_records: [...publishedCnameTarget(cluster), ...bindings.map((b) => b.hostname)],
    active_join_tokens: tokens.map((t) => t.tokenId),
    route_plans: routePlans,
    forced: forced ? { reason: forced.reason, removed: forced.removed, namespace_finalizers_cleared: forced.namespaceFinalizersCleared } : null,
    written_at: now.toISOString(),
  });
}

/** The CNAME target record, when the DNS automation had published it (a leaving cluster's records go with the next DNS pass). */
function publishedCnameTarget(cluster: Cluster): string[] {
  const target = cluster.managedWorkloadIngressCnameTarget;
  return target && (cluster.managedWorkloadIngressDnsStatus === "synced" || cluster.managedWorkloadIngressDnsStatus === "error") ? [target] : [];
}

/** Stores the report on the operation; a failure to write it is logged, never the job's failure. */
export async function saveOrphanReport(deps: ReportDeps, operationId: string, cluster: Cluster, forced: ForcedRemoval | null): Promise<OrphanReport | null> {
  try {
    const report = await buildOrphanReport(deps, cluster, forced);
    await deps.db.clusterOperation.update({ where: { id: operationId }, data: { report: report as unknown as Prisma.InputJsonObject } });
    return report;
  } catch (error) {
    deps.log.error("could not write the orphan report of a cluster delete", { cluster_id: cluster.id, operation_id: operationId, error: messageOf(error) });
    return null;
  }
}
