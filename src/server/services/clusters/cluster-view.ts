import { z } from "zod";
import type { ClusterViewRow } from "@/server/infra/db/client";
import { clusterStatusSchema, connectionStatusSchema, dnsSyncStatusSchema, managedIngressStatusSchema, workloadEdgeBackendSchema, workloadEdgeStatusSchema } from "@/server/domain/clusters/cluster-states";
import { effectivePublicAccessMode, publicAccessModeSchema } from "@/server/domain/clusters/public-access";
import { admissionWebhookStatusSchema } from "@/server/domain/admission/webhook-status";
import { isoOrNull } from "@/server/domain/iso-time";

/** A cluster as the API returns it: the spec's snake_case fields, never internal columns. */
export const clusterViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  vcluster_name: z.string(),
  namespace: z.string(),
  status: clusterStatusSchema,
  last_error: z.string().nullable(),
  control_plane_host: z.string().nullable(),
  public_access_enabled: z.boolean(),
  public_access_mode: publicAccessModeSchema,
  public_access_port: z.number().int().nullable(),
  api_endpoint: z.string().nullable(),
  kubeconfig_available: z.boolean(),
  connection_status: connectionStatusSchema,
  // Since when connection_status has its value (null on clusters older than the control-plane health probe), and
  // when the probe last checked the control plane (null until its first probe; docs/cluster-runtime.md "Control-plane health").
  connection_status_since: z.string().nullable(),
  connection_checked_at: z.string().nullable(),
  // The public name the last change replaced, in the certificate until _until (KUBEBYON_SAN_GRACE_HOURS); null once it ended.
  previous_control_plane_host: z.string().nullable(),
  previous_control_plane_host_until: z.string().nullable(),
  // When the served public name last changed; nodes that joined before it still use the previous name.
  control_plane_host_changed_at: z.string().nullable(),
  managed_workload_ingress_enabled: z.boolean(),
  managed_workload_ingress_status: managedIngressStatusSchema,
  managed_workload_ingress_last_error: z.string().nullable(),
  managed_workload_ingress_class: z.string().nullable(),
  /** When the platform last read the controller in the cluster (docs/managed-ingress.md "Re-check"); null: never. */
  managed_workload_ingress_checked_at: z.string().nullable(),
  managed_workload_ingress_cname_target: z.string().nullable(),
  managed_workload_ingress_dns_status: dnsSyncStatusSchema,
  managed_workload_ingress_dns_message: z.string().nullable(),
  managed_workload_ingress_dns_last_synced_at: z.string().nullable(),
  managed_workload_ingress_dns_last_error: z.string().nullable(),
  managed_workload_ingress_dns_last_error_at: z.string().nullable(),
  // The workload edge (shared workload Gateway → this cluster's managed ingress controller), written by its syncer.
  workload_edge_status: workloadEdgeStatusSchema,
  workload_edge_message: z.string().nullable(),
  workload_edge_backend: workloadEdgeBackendSchema.nullable(),
  workload_edge_last_synced_at: z.string().nullable(),
  workload_edge_last_error: z.string().nullable(),
  workload_edge_last_error_at: z.string().nullable(),
  /** When the workload edge pass last looked at this cluster (every pass, changed or not). */
  workload_edge_checked_at: z.string().nullable(),
  /** The Gateway controller's verdict on the control plane's TLSRoute (gatewayapi provider); null without such a route. */
  control_plane_route_status: z.enum(["pending", "ready", "error"]).nullable(),
  control_plane_route_message: z.string().nullable(),
  control_plane_route_checked_at: z.string().nullable(),
  // The platform's admission webhook configuration inside the vCluster (docs/admission-webhook.md), written by its sync pass.
  admission_webhook: z.object({ status: admissionWebhookStatusSchema, message: z.string().nullable(), applied_at: z.string().nullable() }),
  plan_id: z.string().nullable(),
  cluster_quota: z.object({ nodes: z.number().int().nullable(), cpu: z.string().nullable(), memory: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type ClusterView = z.infer<typeof clusterViewSchema>;

/** Takes a full row or the list statement's (readClusterPage): the columns named in ClusterViewRow. */
export function toClusterView(c: ClusterViewRow): ClusterView {
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
    connection_status_since: isoOrNull(c.connectionStatusSince),
    connection_checked_at: isoOrNull(c.connectionCheckedAt),
    previous_control_plane_host: c.previousControlPlaneHost,
    previous_control_plane_host_until: isoOrNull(c.previousControlPlaneHostUntil),
    control_plane_host_changed_at: isoOrNull(c.controlPlaneHostChangedAt),
    managed_workload_ingress_enabled: c.managedWorkloadIngressEnabled,
    managed_workload_ingress_status: c.managedWorkloadIngressStatus,
    managed_workload_ingress_last_error: c.managedWorkloadIngressLastError,
    managed_workload_ingress_class: c.managedWorkloadIngressClass,
    managed_workload_ingress_checked_at: isoOrNull(c.managedWorkloadIngressCheckedAt),
    managed_workload_ingress_cname_target: c.managedWorkloadIngressCnameTarget,
    managed_workload_ingress_dns_status: c.managedWorkloadIngressDnsStatus,
    managed_workload_ingress_dns_message: c.managedWorkloadIngressDnsMessage,
    managed_workload_ingress_dns_last_synced_at: isoOrNull(c.managedWorkloadIngressDnsLastSyncedAt),
    managed_workload_ingress_dns_last_error: c.managedWorkloadIngressDnsLastError,
    managed_workload_ingress_dns_last_error_at: isoOrNull(c.managedWorkloadIngressDnsLastErrorAt),
    workload_edge_status: c.workloadEdgeStatus,
    workload_edge_message: c.workloadEdgeMessage,
    workload_edge_backend: c.workloadEdgeBackend,
    workload_edge_last_synced_at: isoOrNull(c.workloadEdgeLastSyncedAt),
    workload_edge_last_error: c.workloadEdgeLastError,
    workload_edge_last_error_at: isoOrNull(c.workloadEdgeLastErrorAt),
    workload_edge_checked_at: isoOrNull(c.workloadEdgeCheckedAt),
    control_plane_route_status: c.controlPlaneRouteStatus,
    control_plane_route_message: c.controlPlaneRouteMessage,
    control_plane_route_checked_at: isoOrNull(c.controlPlaneRouteCheckedAt),
    admission_webhook: { status: c.admissionWebhookStatus, message: c.admissionWebhookMessage, applied_at: isoOrNull(c.admissionWebhookAppliedAt) },
    plan_id: c.planId,
    cluster_quota: { nodes: c.nodeQuota, cpu: c.cpuQuota, memory: c.memoryQuota },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    deleted_at: isoOrNull(c.deletedAt),
  };
}
