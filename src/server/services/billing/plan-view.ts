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
    active: p.active,
    is_default: p.isDefault,
    sort: p.sort,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
