import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { isReservedCnameTargetName } from "@/server/domain/managed-ingress/cname-target";
import { dnsManagementScopeFor, MAX_HOSTNAME_BINDINGS_PER_CLUSTER, normalizeBindingHostname } from "@/server/domain/managed-ingress/hostname-binding";
import { isUniqueViolation, lockUntilCommit } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import { readSystemSettings } from "@/server/services/settings/read-system-settings";
import type { RequestOrigin } from "@/server/services/service-deps";
import { toHostnameBindingView, type HostnameBindingView } from "./hostname-binding-view";
import { syncDnsAfterChange, type DnsChangeDeps } from "@/server/services/dns-automation/sync-dns-after-change";
import type { WorkloadEdgeChangeDeps } from "@/server/services/workload-edge/request-workload-edge-sync";

const conflict = (message: string) => new AppError("CONFLICT", message);
const taken = (hostname: string) => conflict(`The hostname ${hostname} is already bound to a cluster on this platform. Each hostname can be bound once; delete that binding first or choose another hostname.`);

/**
 * Spec §1.3–§1.4: binds a hostname to the caller's cluster. The hostname is
 * validated and lower-cased, must be free platform-wide and must not be (or
 * look like) a cluster's CNAME target. dns_management_scope is computed here
 * from managed_workload_ingress_base_domain; record_target_hostname is the
 * cluster's CNAME target, the name the user points the hostname's CNAME at.
 * status starts pending: the DNS check loop decides ready/error.
 */
export async function createHostnameBinding(
  deps: DnsChangeDeps & WorkloadEdgeChangeDeps,
  viewer: Viewer,
  input: { clusterId: string; hostname: string },
  origin: RequestOrigin,
): Promise<HostnameBindingView> {
  const found = await findAccessibleCluster(deps, viewer, input.clusterId);
  const hostname = normalizeBindingHostname(input.hostname);
  let row;
  try {
    row = await deps.db.$transaction(async (tx) => {
      // The lock a settings save holds while it re-points targets and scopes (settings/reassign-cname-targets.ts): the base domain,
      // the cluster's target and the count read below cannot change before this binding is written.
      await lockUntilCommit(tx, "systemSettings");
      const cluster = await tx.cluster.findUniqueOrThrow({ where: { id: found.id } });
      if (cluster.status === "deleting" || cluster.status === "deleted") {
        throw conflict(`Cluster ${cluster.id} is being deleted; hostnames can no longer be bound to it.`);
      }
      const { managedWorkloadIngressBaseDomain: baseDomain } = await readSystemSettings({ db: tx });
      const target = cluster.managedWorkloadIngressCnameTarget;
      if (!baseDomain || !target) {
        throw new AppError(
          "PRECONDITION_FAILED",
          "This cluster has no CNAME target yet, so there is nothing to point a hostname at: an administrator must set managed_workload_ingress_base_domain in System settings first.",
        );
      }
      if (hostname === baseDomain) throw new AppError("BAD_REQUEST", `${hostname} is the platform's base domain itself; bind a name under it, e.g. app.${hostname}.`);
      if (isReservedCnameTargetName(hostname, baseDomain) || (await tx.cluster.count({ where: { managedWorkloadIngressCnameTarget: hostname } })) > 0) {
        throw conflict(`The hostname ${hostname} is a cluster CNAME target name (cl-<id>.${baseDomain}) reserved by the platform; choose another hostname.`);
      }
      const existing = await tx.hostnameBinding.findUnique({ where: { hostname }, include: { cluster: { select: { status: true } } } });
      if (existing?.cluster.status === "deleted") {
        // The cluster is gone (its row stays as history); its bindings no longer hold their hostnames.
        await tx.hostnameBinding.delete({ where: { id: existing.id } });
      } else if (existing) {
        throw taken(hostname);
      }
      const count = await tx.hostnameBinding.count({ where: { clusterId: cluster.id } });
      if (count >= MAX_HOSTNAME_BINDINGS_PER_CLUSTER) {
        throw conflict(`Cluster ${cluster.id} already has ${count} hostname bindings, the most one cluster may have (${MAX_HOSTNAME_BINDINGS_PER_CLUSTER}). Delete one it no longer needs first.`);
      }
      const scope = dnsManagementScopeFor(hostname, baseDomain);
      const created = await tx.hostnameBinding.create({
        data: { id: newId("hb"), clusterId: cluster.id, hostname, status: "pending", recordTargetHostname: target, dnsManagementScope: scope },
      });
      await recordAuditEvent(
        tx,
        { actorUserId: viewer.id, action: "hostname_binding.create", targetType: "cluster", targetId: cluster.id, metadata: { binding_id: created.id, hostname, dns_management_scope: scope } },
        origin,
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(hostname);
    throw error;
  }
  deps.log.info("hostname binding created", { cluster_id: row.clusterId, binding_id: row.id, hostname, dns_management_scope: row.dnsManagementScope });
  syncDnsAfterChange(deps);
  deps.workloadEdgeSync?.();
  return toHostnameBindingView(row);
}
