import { z } from "zod";
import type { Plan } from "@/server/infra/db/client";

/** The API's shape of a plan (snake_case, money in minor units). */
export const planViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price_cents: z.number().int(),
  currency: z.string(),
  cluster_quota: z.number().int(),
  node_quota: z.number().int(),
  cpu_quota: z.string().nullable(),
  memory_quota: z.string().nullable(),
  control_plane_cpu_request: z.string(),
  control_plane_cpu_limit: z.string().nullable(),
  control_plane_memory_request: z.string(),
  control_plane_memory_limit: z.string().nullable(),
  control_plane_ephemeral_storage_request: z.string(),
  control_plane_ephemeral_storage_limit: z.string().nullable(),
  control_plane_data_volume_size: z.string(),
  control_plane_storage_class: z.string().nullable(),
  active: z.boolean(),
  is_default: z.boolean(),
  sort: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export function toPlanView(p: Plan): PlanView {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    price_cents: p.priceCents,
    currency: p.currency,
    cluster_quota: p.clusterQuota,
    node_quota: p.nodeQuota,
    cpu_quota: p.cpuQuota,
    memory_quota: p.memoryQuota,
    control_plane_cpu_request: p.controlPlaneCpuRequest,
    control_plane_cpu_limit: p.controlPlaneCpuLimit,
    control_plane_memory_request: p.controlPlaneMemoryRequest,
    control_plane_memory_limit: p.controlPlaneMemoryLimit,
    control_plane_ephemeral_storage_request: p.controlPlaneEphemeralStorageRequest,
    control_plane_ephemeral_storage_limit: p.controlPlaneEphemeralStorageLimit,
    control_plane_data_volume_size: p.controlPlaneDataVolumeSize,
    control_plane_storage_class: p.controlPlaneStorageClass,
    active: p.active,
    is_default: p.isDefault,
    sort: p.sort,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
