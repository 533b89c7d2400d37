import { UPSTREAM_CONTROL_PLANE_SIZE as UPSTREAM } from "@/server/domain/clusters/control-plane-size";
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
  controlPlaneCpuRequest: string;
  controlPlaneCpuLimit: string;
  controlPlaneMemoryRequest: string;
  controlPlaneMemoryLimit: string;
  controlPlaneEphemeralStorageRequest: string;
  controlPlaneEphemeralStorageLimit: string;
  controlPlaneDataVolumeSize: string;
  controlPlaneStorageClass: string;
  /** Admission policy (docs/admission-webhook.md): empty text is no limit. */
  admissionMaxPods: string;
  admissionPodCpuRequests: string;
  admissionPodMemoryRequests: string;
  admissionDenyHostNamespaces: boolean;
  admissionDenyPrivileged: boolean;
  admissionDenyHostPath: boolean;
  /** Longest per-user kubeconfig in seconds (docs/cluster-access.md): empty text is no bound. */
  kubeconfigMaxTtlSeconds: string;
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
  // A new plan starts from the vcluster chart's own control plane.
  controlPlaneCpuRequest: UPSTREAM.cpuRequest,
  controlPlaneCpuLimit: UPSTREAM.cpuLimit ?? "",
  controlPlaneMemoryRequest: UPSTREAM.memoryRequest,
  controlPlaneMemoryLimit: UPSTREAM.memoryLimit ?? "",
  controlPlaneEphemeralStorageRequest: UPSTREAM.ephemeralStorageRequest,
  controlPlaneEphemeralStorageLimit: UPSTREAM.ephemeralStorageLimit ?? "",
  controlPlaneDataVolumeSize: UPSTREAM.dataVolumeSize,
  controlPlaneStorageClass: UPSTREAM.storageClass ?? "",
  admissionMaxPods: "",
  admissionPodCpuRequests: "",
  admissionPodMemoryRequests: "",
  admissionDenyHostNamespaces: false,
  admissionDenyPrivileged: false,
  admissionDenyHostPath: false,
  kubeconfigMaxTtlSeconds: "",
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
    controlPlaneCpuRequest: plan.control_plane_cpu_request,
    controlPlaneCpuLimit: plan.control_plane_cpu_limit ?? "",
    controlPlaneMemoryRequest: plan.control_plane_memory_request,
    controlPlaneMemoryLimit: plan.control_plane_memory_limit ?? "",
    controlPlaneEphemeralStorageRequest: plan.control_plane_ephemeral_storage_request,
    controlPlaneEphemeralStorageLimit: plan.control_plane_ephemeral_storage_limit ?? "",
    controlPlaneDataVolumeSize: plan.control_plane_data_volume_size,
    controlPlaneStorageClass: plan.control_plane_storage_class ?? "",
    admissionMaxPods: plan.admission_max_pods === null ? "" : String(plan.admission_max_pods),
    admissionPodCpuRequests: plan.admission_pod_cpu_requests ?? "",
    admissionPodMemoryRequests: plan.admission_pod_memory_requests ?? "",
    admissionDenyHostNamespaces: plan.admission_deny_host_namespaces,
    admissionDenyPrivileged: plan.admission_deny_privileged,
    admissionDenyHostPath: plan.admission_deny_host_path,
    kubeconfigMaxTtlSeconds: plan.kubeconfig_max_ttl_seconds === null ? "" : String(plan.kubeconfig_max_ttl_seconds),
    sort: String(plan.sort),
    active: plan.active,
    isDefault: plan.is_default,
  };
}

export type PlanFormError = "price" | "clusterQuota" | "nodeQuota" | "admissionMaxPods" | "kubeconfigMaxTtlSeconds" | "sort";

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
  // Empty: no pod limit.
  const admissionMaxPods = form.admissionMaxPods.trim() === "" ? null : wholeNumber(form.admissionMaxPods);
  if (admissionMaxPods !== null && (Number.isNaN(admissionMaxPods) || admissionMaxPods < 0)) errors.push("admissionMaxPods");
  // Empty: no bound; the server checks the range (600 s to 7 days).
  const kubeconfigMaxTtlSeconds = form.kubeconfigMaxTtlSeconds.trim() === "" ? null : wholeNumber(form.kubeconfigMaxTtlSeconds);
  if (kubeconfigMaxTtlSeconds !== null && (Number.isNaN(kubeconfigMaxTtlSeconds) || kubeconfigMaxTtlSeconds < 0)) errors.push("kubeconfigMaxTtlSeconds");
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
      // A request or size left empty is not sent (create: the chart default; edit: unchanged); an empty limit means none.
      control_plane_cpu_request: form.controlPlaneCpuRequest.trim() || undefined,
      control_plane_cpu_limit: form.controlPlaneCpuLimit.trim() || null,
      control_plane_memory_request: form.controlPlaneMemoryRequest.trim() || undefined,
      control_plane_memory_limit: form.controlPlaneMemoryLimit.trim() || null,
      control_plane_ephemeral_storage_request: form.controlPlaneEphemeralStorageRequest.trim() || undefined,
      control_plane_ephemeral_storage_limit: form.controlPlaneEphemeralStorageLimit.trim() || null,
      control_plane_data_volume_size: form.controlPlaneDataVolumeSize.trim() || undefined,
      control_plane_storage_class: form.controlPlaneStorageClass.trim() || null,
      admission_max_pods: admissionMaxPods,
      admission_pod_cpu_requests: form.admissionPodCpuRequests.trim() || null,
      admission_pod_memory_requests: form.admissionPodMemoryRequests.trim() || null,
      admission_deny_host_namespaces: form.admissionDenyHostNamespaces,
      admission_deny_privileged: form.admissionDenyPrivileged,
      admission_deny_host_path: form.admissionDenyHostPath,
      kubeconfig_max_ttl_seconds: kubeconfigMaxTtlSeconds,
      sort,
      active: form.active,
      is_default: form.isDefault,
    },
  };
}
