import type { Cluster } from "@/server/infra/db/client";
import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { isoOrNull } from "@/server/domain/iso-time";

/** A cluster as the API returns it: the spec's snake_case fields, never internal columns. */
export interface ClusterView {
  id: string;
  name: string;
  owner_id: string;
  vcluster_name: string;
  namespace: string;
  status: Cluster["status"];
  last_error: string | null;
  control_plane_host: string | null;
  public_access_enabled: boolean;
  public_access_mode: "nodeport" | "loadbalancer" | "off";
  public_access_port: number | null;
  api_endpoint: string | null;
  kubeconfig_available: boolean;
  connection_status: Cluster["connectionStatus"];
  managed_workload_ingress_enabled: boolean;
  managed_workload_ingress_status: Cluster["managedWorkloadIngressStatus"];
  managed_workload_ingress_last_error: string | null;
  managed_workload_ingress_class: string | null;
  managed_workload_ingress_cname_target: string | null;
  managed_workload_ingress_dns_status: Cluster["managedWorkloadIngressDnsStatus"];
  managed_workload_ingress_dns_message: string | null;
  managed_workload_ingress_dns_last_synced_at: string | null;
  managed_workload_ingress_dns_last_error: string | null;
  managed_workload_ingress_dns_last_error_at: string | null;
  plan_id: string | null;
  cluster_quota: { nodes: number | null; cpu: string | null; memory: string | null };
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export function toClusterView(c: Cluster): ClusterView {
  return {
    id: c.id,
    name: c.name,
    owner_id: c.ownerId,
    vcluster_name: c.vclusterName,
    namespace: c.namespace,
    status: c.status,
    last_error: c.lastError,
    control_plane_host: c.controlPlaneHost,
    public_access_enabled: c.publicAccessEnabled,
    // The effective state: legacy rows read as nodeport, disabled reads as off (plan §5).
    public_access_mode: effectivePublicAccessMode({ enabled: c.publicAccessEnabled, mode: c.publicAccessMode }),
    public_access_port: c.publicAccessPort,
    api_endpoint: c.apiEndpoint,
    kubeconfig_available: c.kubeconfigAvailable,
    connection_status: c.connectionStatus,
    managed_workload_ingress_enabled: c.managedWorkloadIngressEnabled,
    managed_workload_ingress_status: c.managedWorkloadIngressStatus,
    managed_workload_ingress_last_error: c.managedWorkloadIngressLastError,
    managed_workload_ingress_class: c.managedWorkloadIngressClass,
    managed_workload_ingress_cname_target: c.managedWorkloadIngressCnameTarget,
    managed_workload_ingress_dns_status: c.managedWorkloadIngressDnsStatus,
    managed_workload_ingress_dns_message: c.managedWorkloadIngressDnsMessage,
    managed_workload_ingress_dns_last_synced_at: isoOrNull(c.managedWorkloadIngressDnsLastSyncedAt),
    managed_workload_ingress_dns_last_error: c.managedWorkloadIngressDnsLastError,
    managed_workload_ingress_dns_last_error_at: isoOrNull(c.managedWorkloadIngressDnsLastErrorAt),
    plan_id: c.planId,
    cluster_quota: { nodes: c.nodeQuota, cpu: c.cpuQuota, memory: c.memoryQuota },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    deleted_at: isoOrNull(c.deletedAt),
  };
}
