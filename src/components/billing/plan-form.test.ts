import { describe, expect, it } from "vitest";
import { EMPTY_PLAN_FORM, planInputFrom } from "./plan-form";

describe("planInputFrom", () => {
  it("sends the price in cents and empty quantities as null", () => {
    const result = planInputFrom({ ...EMPTY_PLAN_FORM, name: " Pro ", price: "19.9", cpuQuota: " 4 ", memoryQuota: "" });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ name: "Pro", price_cents: 1990, cpu_quota: "4", memory_quota: null, description: null, cluster_quota: 1, node_quota: 3 }),
    });
  });

  it("starts a new plan at the chart's control plane; an empty limit is none, an empty request is not sent", () => {
    const fresh = planInputFrom({ ...EMPTY_PLAN_FORM, name: "x" });
    expect(fresh.ok && fresh.value).toMatchObject({
      control_plane_cpu_request: "200m",
      control_plane_cpu_limit: null,
      control_plane_memory_request: "256Mi",
      control_plane_memory_limit: "4Gi",
      control_plane_ephemeral_storage_request: "1Gi",
      control_plane_ephemeral_storage_limit: "10Gi",
      control_plane_data_volume_size: "5Gi",
      control_plane_storage_class: null,
    });
    const edited = planInputFrom({ ...EMPTY_PLAN_FORM, name: "x", controlPlaneMemoryLimit: " ", controlPlaneMemoryRequest: "", controlPlaneStorageClass: " longhorn " });
    expect(edited.ok && edited.value).toMatchObject({ control_plane_memory_limit: null, control_plane_memory_request: undefined, control_plane_storage_class: "longhorn" });
  });

  it("flags numbers that are not whole or prices with more than two decimals", () => {
    expect(planInputFrom({ ...EMPTY_PLAN_FORM, price: "1.999", clusterQuota: "1.5", nodeQuota: "-1", sort: "x" })).toEqual({
      ok: false,
      errors: ["price", "clusterQuota", "nodeQuota", "sort"],
    });
  });

  it("sends the admission policy: empty limits as null, a pod count as a number, the switches as they are", () => {
    const none = planInputFrom({ ...EMPTY_PLAN_FORM, name: "x" });
    expect(none.ok && none.value).toMatchObject({
      admission_max_pods: null,
      admission_pod_cpu_requests: null,
      admission_pod_memory_requests: null,
      admission_deny_host_namespaces: false,
      admission_deny_privileged: false,
      admission_deny_host_path: false,
    });
    const set = planInputFrom({ ...EMPTY_PLAN_FORM, name: "x", admissionMaxPods: " 40 ", admissionPodCpuRequests: " 2 ", admissionPodMemoryRequests: "4Gi", admissionDenyPrivileged: true });
    expect(set.ok && set.value).toMatchObject({ admission_max_pods: 40, admission_pod_cpu_requests: "2", admission_pod_memory_requests: "4Gi", admission_deny_privileged: true });
    expect(planInputFrom({ ...EMPTY_PLAN_FORM, admissionMaxPods: "1.5" })).toEqual({ ok: false, errors: ["admissionMaxPods"] });
  });

  it("sends the kubeconfig bound as seconds, empty as no bound", () => {
    const none = planInputFrom({ ...EMPTY_PLAN_FORM, name: "x" });
    expect(none.ok && none.value.kubeconfig_max_ttl_seconds).toBeNull();
    const set = planInputFrom({ ...EMPTY_PLAN_FORM, name: "x", kubeconfigMaxTtlSeconds: " 7200 " });
    expect(set.ok && set.value.kubeconfig_max_ttl_seconds).toBe(7200);
    expect(planInputFrom({ ...EMPTY_PLAN_FORM, kubeconfigMaxTtlSeconds: "2h" })).toEqual({ ok: false, errors: ["kubeconfigMaxTtlSeconds"] });
  });
});
