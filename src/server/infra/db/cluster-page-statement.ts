import type pg from "pg";
import type { Cluster } from "./generated/prisma/client";

/** The columns a cluster's API view is made of (services/clusters/cluster-view.ts), by Prisma field name. */
const VIEW_COLUMNS = {
  id: "id",
  name: "name",
  ownerId: "owner_id",
  vclusterName: "vcluster_name",
  namespace: "namespace",
  status: "status",
  lastError: "last_error",
  controlPlaneHost: "control_plane_host",
  publicAccessEnabled: "public_access_enabled",
  publicAccessMode: "public_access_mode",
  publicAccessPort: "public_access_port",
  apiEndpoint: "api_endpoint",
  kubeconfigAvailable: "kubeconfig_available",
  connectionStatus: "connection_status",
  connectionStatusSince: "connection_status_since",
  connectionCheckedAt: "connection_checked_at",
  previousControlPlaneHost: "previous_control_plane_host",
  previousControlPlaneHostUntil: "previous_control_plane_host_until",
  controlPlaneHostChangedAt: "control_plane_host_changed_at",
  managedWorkloadIngressEnabled: "managed_workload_ingress_enabled",
  managedWorkloadIngressStatus: "managed_workload_ingress_status",
  managedWorkloadIngressLastError: "managed_workload_ingress_last_error",
  managedWorkloadIngressClass: "managed_workload_ingress_class",
  managedWorkloadIngressCheckedAt: "managed_workload_ingress_checked_at",
  managedWorkloadIngressCnameTarget: "managed_workload_ingress_cname_target",
  managedWorkloadIngressDnsStatus: "managed_workload_ingress_dns_status",
  managedWorkloadIngressDnsMessage: "managed_workload_ingress_dns_message",
  managedWorkloadIngressDnsLastSyncedAt: "managed_workload_ingress_dns_last_synced_at",
  managedWorkloadIngressDnsLastError: "managed_workload_ingress_dns_last_error",
  managedWorkloadIngressDnsLastErrorAt: "managed_workload_ingress_dns_last_error_at",
  workloadEdgeStatus: "workload_edge_status",
  workloadEdgeMessage: "workload_edge_message",
  workloadEdgeBackend: "workload_edge_backend",
  workloadEdgeLastSyncedAt: "workload_edge_last_synced_at",
  workloadEdgeLastError: "workload_edge_last_error",
  workloadEdgeLastErrorAt: "workload_edge_last_error_at",
  workloadEdgeCheckedAt: "workload_edge_checked_at",
  controlPlaneRouteStatus: "control_plane_route_status",
  controlPlaneRouteMessage: "control_plane_route_message",
  controlPlaneRouteCheckedAt: "control_plane_route_checked_at",
  admissionWebhookStatus: "admission_webhook_status",
  admissionWebhookMessage: "admission_webhook_message",
  admissionWebhookAppliedAt: "admission_webhook_applied_at",
  planId: "plan_id",
  nodeQuota: "node_quota",
  cpuQuota: "cpu_quota",
  memoryQuota: "memory_quota",
  createdAt: "created_at",
  updatedAt: "updated_at",
  deletedAt: "deleted_at",
} as const satisfies Partial<Record<keyof Cluster, string>>;

/** A cluster row with the columns its view needs, as the page statement reads it (same values and types as Prisma's). */
export type ClusterViewRow = Pick<Cluster, keyof typeof VIEW_COLUMNS>;

const SELECT_LIST = Object.entries(VIEW_COLUMNS)
  .map(([field, column]) => `"${column}" AS "${field}"`)
  .join(", ");

export interface ClusterPageQuery {
  /** Only this owner's clusters; every owner's when undefined (admins). */
  ownerId?: string;
  includeDeleted: boolean;
  /** The last row of the previous page (the cursor's position); null for the first page. */
  after: { createdAt: Date; id: string } | null;
  take: number;
}

/**
 * A page of clusters newest first by (created_at, id), read as a named prepared statement on the client's own
 * pg pool: the cluster list is the hottest list and Prisma's query layer and row mapping cost several times the
 * query itself (docs/benchmarks.md). The row comparison after the cursor is an index range condition on
 * clusters_owner_id_created_at_id_idx / clusters_created_at_id_idx (e2e/tests/list-query-plans.integration-test.ts).
 */
export async function readClusterPage(pool: pg.Pool, query: ClusterPageQuery): Promise<ClusterViewRow[]> {
  const values: unknown[] = [];
  const where: string[] = [];
  if (query.ownerId !== undefined) {
    values.push(query.ownerId);
    where.push(`"owner_id" = $${values.length}`);
  }
  if (!query.includeDeleted) where.push(`"status" <> 'deleted'`);
  if (query.after) {
    values.push(query.after.createdAt, query.after.id);
    where.push(`("created_at", "id") < ($${values.length - 1}, $${values.length})`);
  }
  values.push(query.take);
  const shape = `${query.ownerId !== undefined ? "o" : "a"}${query.includeDeleted ? "d" : "l"}${query.after ? "c" : "f"}`;
  const { rows } = await pool.query<ClusterViewRow>({
    // One text per shape, so each connection prepares it once and reuses the plan.
    name: `kubebyon_cluster_page_${shape}`,
    text: `SELECT ${SELECT_LIST} FROM "clusters"${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY "created_at" DESC, "id" DESC LIMIT $${values.length}`,
    values,
  });
  return rows;
}
