import { dnsSyncStatuses } from "@/server/domain/clusters/cluster-states";
import { isoOrNull } from "@/server/domain/iso-time";
import type { ServiceDeps } from "@/server/services/service-deps";
import { readSystemSettings } from "@/server/services/settings/read-system-settings";
import type { DnsAutomationHealthView, DnsStatusCounts } from "./dns-automation-health-view";
// The same clusters a sync pass keeps records for.
import { LIVE_CLUSTERS as LIVE } from "./sync-managed-dns";

function counts(groups: ReadonlyArray<{ status: (typeof dnsSyncStatuses)[number]; n: number }>): DnsStatusCounts {
  const out = Object.fromEntries(dnsSyncStatuses.map((s) => [s, 0])) as DnsStatusCounts;
  for (const g of groups) out[g.status] += g.n;
  return out;
}

const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/**
 * Back office: DNS automation health from what the passes wrote on the rows (counts by status,
 * latest success, latest failure). Reads only; it neither runs a pass nor calls the provider.
 */
export async function readDnsAutomationHealth(deps: Pick<ServiceDeps, "db">): Promise<DnsAutomationHealthView> {
  const { db } = deps;
  const settings = (await readSystemSettings({ db })).managedWorkloadIngressDns;
  const [clusterGroups, bindingGroups, clusterSynced, bindingSynced, clusterError, bindingError] = await Promise.all([
    db.cluster.groupBy({ by: ["managedWorkloadIngressDnsStatus"], where: LIVE, _count: { _all: true } }),
    db.hostnameBinding.groupBy({ by: ["dnsManagementStatus"], where: { cluster: LIVE }, _count: { _all: true } }),
    db.cluster.aggregate({ where: LIVE, _max: { managedWorkloadIngressDnsLastSyncedAt: true } }),
    db.hostnameBinding.aggregate({ where: { cluster: LIVE }, _max: { dnsManagementLastSyncedAt: true } }),
    db.cluster.findFirst({
      where: { ...LIVE, managedWorkloadIngressDnsLastErrorAt: { not: null }, managedWorkloadIngressDnsLastError: { not: null } },
      orderBy: { managedWorkloadIngressDnsLastErrorAt: "desc" },
      select: { id: true, managedWorkloadIngressCnameTarget: true, managedWorkloadIngressDnsLastError: true, managedWorkloadIngressDnsLastErrorAt: true, managedWorkloadIngressDnsStatus: true },
    }),
    db.hostnameBinding.findFirst({
      where: { cluster: LIVE, dnsManagementLastErrorAt: { not: null }, dnsManagementLastError: { not: null } },
      orderBy: { dnsManagementLastErrorAt: "desc" },
      select: { id: true, clusterId: true, hostname: true, dnsManagementLastError: true, dnsManagementLastErrorAt: true, dnsManagementStatus: true },
    }),
  ]);

  const clusters = counts(clusterGroups.map((g) => ({ status: g.managedWorkloadIngressDnsStatus, n: g._count._all })));
  const bindings = counts(bindingGroups.map((g) => ({ status: g.dnsManagementStatus, n: g._count._all })));
  const configured = settings.enabled && !!settings.recordTargetHostname && !!settings.cloudflare.zoneId && !!settings.cloudflare.apiToken;
  const status = !configured ? "off" : clusters.error + bindings.error > 0 ? "error" : "ok";

  const clusterErrorAt = clusterError?.managedWorkloadIngressDnsLastErrorAt ?? null;
  const bindingErrorAt = bindingError?.dnsManagementLastErrorAt ?? null;
  let latestError: DnsAutomationHealthView["latest_error"] = null;
  if (bindingError && bindingErrorAt && (!clusterErrorAt || bindingErrorAt > clusterErrorAt)) {
    latestError = {
      source: "binding",
      cluster_id: bindingError.clusterId,
      binding_id: bindingError.id,
      name: bindingError.hostname,
      message: bindingError.dnsManagementLastError ?? "",
      at: bindingErrorAt.toISOString(),
      current_status: bindingError.dnsManagementStatus,
    };
  } else if (clusterError && clusterErrorAt) {
    latestError = {
      source: "cluster",
      cluster_id: clusterError.id,
      binding_id: null,
      name: clusterError.managedWorkloadIngressCnameTarget,
      message: clusterError.managedWorkloadIngressDnsLastError ?? "",
      at: clusterErrorAt.toISOString(),
      current_status: clusterError.managedWorkloadIngressDnsStatus,
    };
  }

  return {
    enabled: settings.enabled,
    configured,
    status,
    clusters,
    bindings,
    last_synced_at: isoOrNull(later(clusterSynced._max.managedWorkloadIngressDnsLastSyncedAt, bindingSynced._max.dnsManagementLastSyncedAt)),
    latest_error: latestError,
  };
}
