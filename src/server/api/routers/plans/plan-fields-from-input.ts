import type { PlanFields } from "@/server/services/billing/plan-fields";
import type { PlanFieldsInput } from "./plan-inputs";

/** snake_case API fields → the use cases' camelCase ones; absent stays absent (PATCH). */
export function planFieldsFromInput(input: Partial<PlanFieldsInput>): Partial<PlanFields> {
  const fields: Partial<PlanFields> = {
    name: input.name,
    description: input.description,
    priceCents: input.price_cents,
    currency: input.currency,
    clusterQuota: input.cluster_quota,
    nodeQuota: input.node_quota,
    cpuQuota: input.cpu_quota,
    memoryQuota: input.memory_quota,
    controlPlaneCpuRequest: input.control_plane_cpu_request,
    controlPlaneCpuLimit: input.control_plane_cpu_limit,
    controlPlaneMemoryRequest: input.control_plane_memory_request,
    controlPlaneMemoryLimit: input.control_plane_memory_limit,
    controlPlaneEphemeralStorageRequest: input.control_plane_ephemeral_storage_request,
    controlPlaneEphemeralStorageLimit: input.control_plane_ephemeral_storage_limit,
    controlPlaneDataVolumeSize: input.control_plane_data_volume_size,
    controlPlaneStorageClass: input.control_plane_storage_class,
    admissionMaxPods: input.admission_max_pods,
    admissionPodCpuRequests: input.admission_pod_cpu_requests,
    admissionPodMemoryRequests: input.admission_pod_memory_requests,
    admissionDenyHostNamespaces: input.admission_deny_host_namespaces,
    admissionDenyPrivileged: input.admission_deny_privileged,
    admissionDenyHostPath: input.admission_deny_host_path,
    kubeconfigMaxTtlSeconds: input.kubeconfig_max_ttl_seconds,
    active: input.active,
    isDefault: input.is_default,
    sort: input.sort,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
