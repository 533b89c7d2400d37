/**
 * What a plan gives each cluster's control plane: the resources of the vCluster
 * container (`controlPlane.statefulSet.resources`) and its data volume
 * (`controlPlane.statefulSet.persistence.volumeClaim`). Quantities are Kubernetes
 * quantity strings, validated where they enter (the plan API).
 */
export interface ControlPlaneSize {
  cpuRequest: string;
  /** null: no CPU limit (the upstream default). */
  cpuLimit: string | null;
  memoryRequest: string;
  memoryLimit: string | null;
  ephemeralStorageRequest: string;
  ephemeralStorageLimit: string | null;
  /** null only on a cluster created before plans carried it: its volume is whatever the values file made it. */
  dataVolumeSize: string | null;
  /** null: not set by the plan (the values file's storageClass, else the host's default StorageClass). */
  storageClass: string | null;
}

/** How plans and cluster rows store a control-plane size (the `control_plane_*` columns). */
export interface ControlPlaneColumns {
  controlPlaneCpuRequest: string;
  controlPlaneCpuLimit: string | null;
  controlPlaneMemoryRequest: string;
  controlPlaneMemoryLimit: string | null;
  controlPlaneEphemeralStorageRequest: string;
  controlPlaneEphemeralStorageLimit: string | null;
  controlPlaneDataVolumeSize: string | null;
  controlPlaneStorageClass: string | null;
}

/** The control plane a plan, or a cluster's snapshot of it, sizes. */
export function controlPlaneSizeOf(p: ControlPlaneColumns): ControlPlaneSize {
  return {
    cpuRequest: p.controlPlaneCpuRequest,
    cpuLimit: p.controlPlaneCpuLimit,
    memoryRequest: p.controlPlaneMemoryRequest,
    memoryLimit: p.controlPlaneMemoryLimit,
    ephemeralStorageRequest: p.controlPlaneEphemeralStorageRequest,
    ephemeralStorageLimit: p.controlPlaneEphemeralStorageLimit,
    dataVolumeSize: p.controlPlaneDataVolumeSize,
    storageClass: p.controlPlaneStorageClass,
  };
}

/** The vcluster chart 0.33's own defaults (KUBE-FACTS "vCluster 0.33 as installed"): a plan that sets nothing gets these. */
export const UPSTREAM_CONTROL_PLANE_SIZE: ControlPlaneSize & { dataVolumeSize: string } = {
  cpuRequest: "200m",
  cpuLimit: null,
  memoryRequest: "256Mi",
  memoryLimit: "4Gi",
  ephemeralStorageRequest: "1Gi",
  ephemeralStorageLimit: "10Gi",
  dataVolumeSize: "5Gi",
  storageClass: null,
};

export type ResourceName = "cpu" | "memory" | "ephemeral-storage";
export type ResourceList = Partial<Record<ResourceName, string>>;
export interface ContainerResources {
  requests: ResourceList;
  limits: ResourceList;
}

/**
 * The other container of the control-plane Pod: the chart's init container `kubernetes`
 * (copies the Kubernetes binaries), with the chart's `controlPlane.distro.k8s.resources`.
 * The platform writes these values itself so the quota computation stays true whatever
 * the operator's values file says.
 */
export const DISTRO_INIT_CONTAINER: { name: string; resources: ContainerResources } = {
  name: "kubernetes",
  resources: { requests: { cpu: "40m", memory: "64Mi" }, limits: { cpu: "100m", memory: "256Mi" } },
};

/** The control-plane container's `resources` block, as the chart value takes it. */
export function controlPlaneContainerResources(size: ControlPlaneSize): ContainerResources {
  const limits: ResourceList = {};
  if (size.cpuLimit) limits.cpu = size.cpuLimit;
  if (size.memoryLimit) limits.memory = size.memoryLimit;
  if (size.ephemeralStorageLimit) limits["ephemeral-storage"] = size.ephemeralStorageLimit;
  return {
    requests: { cpu: size.cpuRequest, memory: size.memoryRequest, "ephemeral-storage": size.ephemeralStorageRequest },
    limits,
  };
}
