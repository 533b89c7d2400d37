import { z } from "zod";
import { dnsSyncStatusSchema, workloadEdgeStatusSchema } from "@/server/domain/clusters/cluster-states";
import { isoOrNull } from "@/server/domain/iso-time";
import { dnsManagementScopeSchema, hostnameBindingStatusSchema } from "@/server/domain/managed-ingress/hostname-binding";
import type { HostnameBinding } from "@/server/infra/db/client";

/** A hostname binding as the API returns it (spec §1.3–§1.4 field names). */
export const hostnameBindingViewSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  hostname: z.string(),
  /** Whether the hostname's CNAME chain reaches the cluster's target; set by the DNS check loop, pending until it has looked. */
  status: hostnameBindingStatusSchema,
  last_error: z.string().nullable(),
  /** What the hostname's CNAME must point at: the cluster's managed_workload_ingress_cname_target. */
  record_target_hostname: z.string().nullable(),
  /** Computed by the platform, read-only: platform_managed under managed_workload_ingress_base_domain, else self_managed. */
  dns_management_scope: dnsManagementScopeSchema,
  /** The platform's own DNS automation for this record (not whether public DNS resolves). */
  dns_management_status: dnsSyncStatusSchema,
  dns_management_message: z.string().nullable(),
  dns_management_last_synced_at: z.string().nullable(),
  dns_management_last_error: z.string().nullable(),
  dns_management_last_error_at: z.string().nullable(),
  /** Whether the workload edge serves this hostname (route, and with TLS its listener and certificate), written by its syncer. */
  workload_edge_status: workloadEdgeStatusSchema,
  workload_edge_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HostnameBindingView = z.infer<typeof hostnameBindingViewSchema>;

export function toHostnameBindingView(b: HostnameBinding): HostnameBindingView {
  return {
    id: b.id,
    cluster_id: b.clusterId,
    hostname: b.hostname,
    status: b.status,
    last_error: b.lastError,
    record_target_hostname: b.recordTargetHostname,
    dns_management_scope: b.dnsManagementScope,
    dns_management_status: b.dnsManagementStatus,
    dns_management_message: b.dnsManagementMessage,
    dns_management_last_synced_at: isoOrNull(b.dnsManagementLastSyncedAt),
    dns_management_last_error: b.dnsManagementLastError,
    dns_management_last_error_at: isoOrNull(b.dnsManagementLastErrorAt),
    workload_edge_status: b.workloadEdgeStatus,
    workload_edge_message: b.workloadEdgeMessage,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}
