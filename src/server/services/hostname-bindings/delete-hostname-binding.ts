import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { toHostnameBindingView, type HostnameBindingView } from "./hostname-binding-view";
import { syncDnsAfterChange, type DnsChangeDeps } from "@/server/services/dns-automation/sync-dns-after-change";
import type { WorkloadEdgeChangeDeps } from "@/server/services/workload-edge/request-workload-edge-sync";

/**
 * Removes a binding of the caller's cluster and returns it as it was. A
 * binding of another cluster — including one of the caller's own — is "not
 * found" under this cluster id, so ids cannot be probed across clusters.
 */
export async function deleteHostnameBinding(
  deps: DnsChangeDeps & WorkloadEdgeChangeDeps,
  viewer: Viewer,
  input: { clusterId: string; bindingId: string },
  origin: RequestOrigin,
): Promise<HostnameBindingView> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  const removed = await deps.db.$transaction(async (tx) => {
    const row = await tx.hostnameBinding.findFirst({ where: { id: input.bindingId, clusterId: cluster.id } });
    if (!row) throw notFound(`Hostname binding ${input.bindingId}`);
    // A concurrent delete of the same binding leaves nothing to remove: not found, like any other missing binding.
    const { count } = await tx.hostnameBinding.deleteMany({ where: { id: row.id } });
    if (count === 0) throw notFound(`Hostname binding ${input.bindingId}`);
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "hostname_binding.delete", targetType: "cluster", targetId: cluster.id, metadata: { binding_id: row.id, hostname: row.hostname } },
      origin,
    );
    return row;
  });
  deps.log.info("hostname binding deleted", { cluster_id: cluster.id, binding_id: removed.id, hostname: removed.hostname });
  syncDnsAfterChange(deps);
  deps.workloadEdgeSync?.();
  return toHostnameBindingView(removed);
}
