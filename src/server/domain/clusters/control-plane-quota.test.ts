import { describe, expect, it } from "vitest";
import { controlPlaneAdmissionProblems, namespaceQuotaFor } from "./control-plane-quota";
import { UPSTREAM_CONTROL_PLANE_SIZE, type ControlPlaneSize } from "./control-plane-size";

const small: ControlPlaneSize = {
  ...UPSTREAM_CONTROL_PLANE_SIZE,
  cpuRequest: "100m",
  memoryRequest: "256Mi",
  memoryLimit: "1Gi",
  ephemeralStorageRequest: "512Mi",
  ephemeralStorageLimit: "2Gi",
  dataVolumeSize: "2Gi",
};

describe("namespaceQuotaFor", () => {
  it("admits exactly the upstream control plane under a plan's CPU/memory caps", () => {
    const spec = namespaceQuotaFor(UPSTREAM_CONTROL_PLANE_SIZE, { cpu: "2", memory: "8Gi" });
    expect(spec.hard).toEqual({
      pods: "1",
      "requests.cpu": "2",
      // The syncer has no CPU limit upstream, so the quota cannot cap limits.cpu (it would refuse the Pod).
      "requests.memory": "8Gi",
      "limits.memory": "8Gi",
      "requests.ephemeral-storage": "1Gi",
      "limits.ephemeral-storage": "10Gi",
      persistentvolumeclaims: "1",
      "requests.storage": "5Gi",
    });
    expect(spec.limitRange).toEqual({
      container: {
        max: { memory: "4Gi", "ephemeral-storage": "10Gi" },
        default: { memory: "4Gi", "ephemeral-storage": "10Gi" },
        // Explicit, or Kubernetes would default it to max and give the init container a 10Gi ephemeral request.
        defaultRequest: { cpu: "200m", memory: "256Mi", "ephemeral-storage": "1Gi" },
      },
      volumeClaimMax: "5Gi",
    });
  });

  it("caps CPU limits too once the plan gives the control plane one", () => {
    const spec = namespaceQuotaFor({ ...small, cpuLimit: "1" }, { cpu: "1", memory: "1Gi" });
    expect(spec.hard["limits.cpu"]).toBe("1");
    expect(spec.limitRange.container.max).toEqual({ cpu: "1", memory: "1Gi", "ephemeral-storage": "2Gi" });
  });

  it("leaves CPU/memory uncapped for a plan without cpu_quota/memory_quota, and the PVC for a cluster whose volume size is unknown", () => {
    const spec = namespaceQuotaFor({ ...small, dataVolumeSize: null }, { cpu: null, memory: null });
    expect(spec.hard).toEqual({ pods: "1", "requests.ephemeral-storage": "512Mi", "limits.ephemeral-storage": "2Gi" });
    expect(spec.limitRange.volumeClaimMax).toBeNull();
  });

  it("sizes the LimitRange for the init container when it is the larger one", () => {
    const tiny: ControlPlaneSize = { ...small, cpuRequest: "20m", cpuLimit: "50m", memoryRequest: "100Mi", memoryLimit: "128Mi" };
    const spec = namespaceQuotaFor(tiny, { cpu: "1", memory: "1Gi" });
    // The chart's init container "kubernetes" is limited to 100m / 256Mi.
    expect(spec.limitRange.container.max).toMatchObject({ cpu: "100m", memory: "256Mi" });
  });
});

describe("controlPlaneAdmissionProblems", () => {
  it("accepts the default control plane under a plan big enough, and any plan without caps", () => {
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, { cpu: "1", memory: "4Gi" })).toEqual([]);
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, { cpu: "200m", memory: "4096Mi" })).toEqual([]);
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, { cpu: null, memory: null })).toEqual([]);
    expect(controlPlaneAdmissionProblems(small, { cpu: "500m", memory: "1Gi" })).toEqual([]);
  });

  it("names the numbers and the fix when the memory limit does not fit (the issue's 2Gi plan)", () => {
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, { cpu: "2", memory: "2Gi" })).toEqual([
      "memory_quota 2Gi is below the control plane's memory limit 4Gi: raise memory_quota or lower control_plane_memory_limit.",
    ]);
  });

  it("compares quantities by value across units", () => {
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, { cpu: "0.1", memory: "4G" })).toEqual([
      "cpu_quota 0.1 is below the control plane's cpu request 200m: raise cpu_quota or lower control_plane_cpu_request.",
      "memory_quota 4G is below the control plane's memory limit 4Gi: raise memory_quota or lower control_plane_memory_limit.",
    ]);
  });

  it("checks the CPU limit when there is one, and the memory request when there is no memory limit", () => {
    expect(controlPlaneAdmissionProblems({ ...small, cpuLimit: "2" }, { cpu: "1", memory: "1Gi" })).toEqual([
      "cpu_quota 1 is below the control plane's cpu limit 2: raise cpu_quota or lower control_plane_cpu_limit.",
    ]);
    expect(controlPlaneAdmissionProblems({ ...small, memoryLimit: null, memoryRequest: "3Gi" }, { cpu: "1", memory: "2Gi" })).toEqual([
      "memory_quota 2Gi is below the control plane's memory request 3Gi: raise memory_quota or lower control_plane_memory_request.",
    ]);
  });

  it("says when the chart's init container is what does not fit", () => {
    const tiny: ControlPlaneSize = { ...small, memoryRequest: "64Mi", memoryLimit: "128Mi" };
    expect(controlPlaneAdmissionProblems(tiny, { cpu: "1", memory: "200Mi" })).toEqual([
      'memory_quota 200Mi is below the control plane\'s memory limit 256Mi (set by the chart\'s init container "kubernetes"): raise memory_quota to at least 256Mi.',
    ]);
  });

  it("refuses a request above its limit first", () => {
    expect(controlPlaneAdmissionProblems({ ...small, ephemeralStorageRequest: "4Gi" }, { cpu: "1", memory: "1Gi" })).toEqual([
      "control_plane_ephemeral_storage_request 4Gi is above control_plane_ephemeral_storage_limit 2Gi: a container cannot request more than its limit; lower control_plane_ephemeral_storage_request or raise control_plane_ephemeral_storage_limit.",
    ]);
  });
});
