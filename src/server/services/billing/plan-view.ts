import type { Plan } from "@/server/infra/db/client";

/** The API's shape of a plan (snake_case, money in minor units). */
export interface PlanView {
  id: string;
  code: string;
  name: string;
  description: string | null;
  price_cents: number;
  currency: string;
  cluster_quota: number;
  node_quota: number;
  cpu_quota: string | null;
  memory_quota: string | null;
  active: boolean;
  is_default: boolean;
  sort: number;
  created_at: string;
  updated_at: string;
}

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
    active: p.active,
    is_default: p.isDefault,
    sort: p.sort,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
