import type { BadgeTone } from "@/components/ui/badge";
import type { ClusterItem, HostnameBindingItem } from "./cluster-types";

export type DnsSyncStatus = ClusterItem["managed_workload_ingress_dns_status"];

/** The platform's own DNS automation (cluster record and binding records alike). */
export const DNS_SYNC_STATUS_TONE: Record<DnsSyncStatus, BadgeTone> = {
  disabled: "neutral",
  pending: "info",
  synced: "success",
  error: "danger",
};

export const MANAGED_INGRESS_STATUS_TONE: Record<ClusterItem["managed_workload_ingress_status"], BadgeTone> = {
  disabled: "neutral",
  provisioning: "info",
  ready: "success",
  error: "danger",
};

/** A binding's DNS check: whether the hostname's CNAME chain reaches the cluster's target. */
export const BINDING_STATUS_TONE: Record<HostnameBindingItem["status"], BadgeTone> = {
  pending: "warning",
  ready: "success",
  error: "danger",
};

/** The timestamps the "Recovered" hint is derived from (cluster `managed_workload_ingress_dns_*`, binding `dns_management_*`). */
export interface DnsSyncTimes {
  lastSyncedAt: string | null;
  lastErrorAt: string | null;
}

/**
 * Spec managed-workload-ingress §1.4/§5.2: "Recovered" is derived in the console, not an API field.
 * It holds when both times are set and the last successful sync is later than the last failure,
 * i.e. the automation failed once and has since written the record again. It says nothing about
 * whether public DNS resolves.
 */
export function isDnsRecovered({ lastSyncedAt, lastErrorAt }: DnsSyncTimes): boolean {
  if (!lastSyncedAt || !lastErrorAt) return false;
  const synced = Date.parse(lastSyncedAt);
  const failed = Date.parse(lastErrorAt);
  return Number.isFinite(synced) && Number.isFinite(failed) && synced > failed;
}

export const clusterDnsTimes = (c: ClusterItem): DnsSyncTimes => ({
  lastSyncedAt: c.managed_workload_ingress_dns_last_synced_at,
  lastErrorAt: c.managed_workload_ingress_dns_last_error_at,
});

export const bindingDnsTimes = (b: HostnameBindingItem): DnsSyncTimes => ({
  lastSyncedAt: b.dns_management_last_synced_at,
  lastErrorAt: b.dns_management_last_error_at,
});
