import { z } from "zod";

const statusEnum = z.enum(["provisioning", "ready", "updating", "error", "deleting", "deleted"]);

/** The spec's cluster fields (snake_case), as every cluster procedure returns them. */
export const clusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  vcluster_name: z.string(),
  namespace: z.string(),
  status: statusEnum,
  last_error: z.string().nullable(),
  control_plane_host: z.string().nullable(),
  public_access_enabled: z.boolean(),
  public_access_mode: z.enum(["nodeport", "loadbalancer", "off"]),
  public_access_port: z.number().int().nullable(),
  api_endpoint: z.string().nullable(),
  kubeconfig_available: z.boolean(),
  connection_status: z.enum(["unknown", "connected", "unreachable", "disabled"]),
  managed_workload_ingress_enabled: z.boolean(),
  managed_workload_ingress_status: z.enum(["disabled", "provisioning", "ready", "error"]),
  managed_workload_ingress_last_error: z.string().nullable(),
  managed_workload_ingress_class: z.string().nullable(),
  managed_workload_ingress_cname_target: z.string().nullable(),
  managed_workload_ingress_dns_status: z.enum(["disabled", "pending", "synced", "error"]),
  managed_workload_ingress_dns_message: z.string().nullable(),
  managed_workload_ingress_dns_last_synced_at: z.string().nullable(),
  managed_workload_ingress_dns_last_error: z.string().nullable(),
  managed_workload_ingress_dns_last_error_at: z.string().nullable(),
  plan_id: z.string().nullable(),
  cluster_quota: z.object({ nodes: z.number().int().nullable(), cpu: z.string().nullable(), memory: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});

/** Path parameter of every /clusters/{cluster_id}… route. */
export const clusterIdParam = z.string().trim().min(1, "Give a cluster id such as cl_….").max(64);
