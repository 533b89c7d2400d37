import type { RouterInputs } from "@/lib/trpc/router-types";
import type { AdminPlanItem } from "./billing-types";

/** The plan dialog's fields as typed (strings), so half-typed numbers survive re-renders. */
export interface PlanForm {
  code: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  clusterQuota: string;
  nodeQuota: string;
  cpuQuota: string;
  memoryQuota: string;
  sort: string;
  active: boolean;
  isDefault: boolean;
}

export const EMPTY_PLAN_FORM: PlanForm = {
  code: "",
  name: "",
  description: "",
  price: "0",
  currency: "USD",
  clusterQuota: "1",
  nodeQuota: "3",
  cpuQuota: "",
  memoryQuota: "",
  sort: "0",
  active: true,
  isDefault: false,
};

export function planFormFrom(plan: AdminPlanItem): PlanForm {
  return {
    code: plan.code,
    name: plan.name,
    description: plan.description ?? "",
    price: (plan.price_cents / 100).toFixed(2),
    currency: plan.currency,
    clusterQuota: String(plan.cluster_quota),
    nodeQuota: String(plan.node_quota),
    cpuQuota: plan.cpu_quota ?? "",
    memoryQuota: plan.memory_quota ?? "",
    sort: String(plan.sort),
    active: plan.active,
    isDefault: plan.is_default,
  };
}

export type PlanFormError = "price" | "clusterQuota" | "nodeQuota" | "sort";

/** The plan fields both the create and the update body carry (create adds the code). */
export type PlanInput = Omit<RouterInputs["plans"]["create"], "code">;

const wholeNumber = (v: string) => (/^-?\d+$/.test(v.trim()) ? Number.parseInt(v, 10) : Number.NaN);

/**
 * Form → API fields. The price is typed in major units ("9.90") and sent in
 * cents; everything else the server validates with messages of its own.
 */
export function planInputFrom(form: PlanForm): { ok: true; value: PlanInput } | { ok: false; errors: PlanFormError[] } {
  const errors: PlanFormError[] = [];
  const price = form.price.trim();
  const priceCents = /^\d+(\.\d{1,2})?$/.test(price) ? Math.round(Number.parseFloat(price) * 100) : Number.NaN;
  if (Number.isNaN(priceCents)) errors.push("price");
  const clusterQuota = wholeNumber(form.clusterQuota);
  if (Number.isNaN(clusterQuota) || clusterQuota < 0) errors.push("clusterQuota");
  const nodeQuota = wholeNumber(form.nodeQuota);
  if (Number.isNaN(nodeQuota) || nodeQuota < 0) errors.push("nodeQuota");
  const sort = wholeNumber(form.sort || "0");
  if (Number.isNaN(sort)) errors.push("sort");
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: form.name.trim(),
      description: form.description.trim() || null,
      price_cents: priceCents,
      currency: form.currency.trim(),
      cluster_quota: clusterQuota,
      node_quota: nodeQuota,
      cpu_quota: form.cpuQuota.trim() || null,
      memory_quota: form.memoryQuota.trim() || null,
      sort,
      active: form.active,
      is_default: form.isDefault,
    },
  };
}
