import { cnameTargetFor } from "@/server/domain/managed-ingress/cname-target";
import { dnsManagementScopeFor } from "@/server/domain/managed-ingress/hostname-binding";
import type { Prisma } from "@/server/infra/db/client";

type Tx = Pick<Prisma.TransactionClient, "cluster" | "hostnameBinding">;

/**
 * managed_workload_ingress_base_domain changed (set, changed or cleared):
 * every cluster's managed_workload_ingress_cname_target is derived again under
 * the new domain (null when cleared; deleted clusters keep none), and each
 * binding follows — record_target_hostname is its cluster's target, and
 * dns_management_scope is recomputed, since "under the base domain" is what
 * the scope means. Runs inside the settings transaction, which holds the
 * systemSettings lock that cluster and binding creates also take, so nothing
 * is written under the old domain after this. Returns how many rows changed.
 */
export async function reassignCnameTargets(tx: Tx, baseDomain: string | null): Promise<{ clusters: number; bindings: number }> {
  const clusters = await tx.cluster.findMany({ select: { id: true, status: true, managedWorkloadIngressCnameTarget: true } });
  const targets = new Map<string, string | null>();
  let changedClusters = 0;
  for (const c of clusters) {
    const target = c.status === "deleted" ? null : cnameTargetFor(c.id, baseDomain);
    targets.set(c.id, target);
    if (target === c.managedWorkloadIngressCnameTarget) continue;
    await tx.cluster.update({ where: { id: c.id }, data: { managedWorkloadIngressCnameTarget: target } });
    changedClusters += 1;
  }
  const bindings = await tx.hostnameBinding.findMany({ select: { id: true, clusterId: true, hostname: true, recordTargetHostname: true, dnsManagementScope: true } });
  let changedBindings = 0;
  for (const b of bindings) {
    const recordTargetHostname = targets.get(b.clusterId) ?? null;
    const dnsManagementScope = dnsManagementScopeFor(b.hostname, baseDomain);
    if (recordTargetHostname === b.recordTargetHostname && dnsManagementScope === b.dnsManagementScope) continue;
    // A "ready" seen against the old target says nothing about the new one: the DNS check looks again.
    const retarget = recordTargetHostname !== b.recordTargetHostname ? { status: "pending" as const, lastError: null } : {};
    await tx.hostnameBinding.update({ where: { id: b.id }, data: { recordTargetHostname, dnsManagementScope, ...retarget } });
    changedBindings += 1;
  }
  return { clusters: changedClusters, bindings: changedBindings };
}

