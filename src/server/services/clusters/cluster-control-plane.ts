import { controlPlaneSizeOf, type ControlPlaneSize } from "@/server/domain/clusters/control-plane-size";
import type { Cluster, Plan } from "@/server/infra/db/client";

type ResourcesSnapshot = Pick<
  Cluster,
  | "controlPlaneCpuRequest"
  | "controlPlaneCpuLimit"
  | "controlPlaneMemoryRequest"
  | "controlPlaneMemoryLimit"
  | "controlPlaneEphemeralStorageRequest"
  | "controlPlaneEphemeralStorageLimit"
>;

/**
 * The plan's control plane as the cluster row snapshots it, or null for a cluster
 * without a plan (its control plane is whatever the values file and chart make it,
 * and no quota applies).
 */
export function clusterControlPlaneSize(c: Cluster): ControlPlaneSize | null {
  const { controlPlaneCpuRequest: cpu, controlPlaneMemoryRequest: memory, controlPlaneEphemeralStorageRequest: ephemeral } = c;
  if (!cpu || !memory || !ephemeral) return null;
  return controlPlaneSizeOf({ ...c, controlPlaneCpuRequest: cpu, controlPlaneMemoryRequest: memory, controlPlaneEphemeralStorageRequest: ephemeral });
}

/** The resources part of the snapshot: taken at create and again whenever the cluster moves to a plan. */
export function controlPlaneResourcesSnapshot(plan: Plan | null): ResourcesSnapshot {
  return {
    controlPlaneCpuRequest: plan?.controlPlaneCpuRequest ?? null,
    controlPlaneCpuLimit: plan?.controlPlaneCpuLimit ?? null,
    controlPlaneMemoryRequest: plan?.controlPlaneMemoryRequest ?? null,
    controlPlaneMemoryLimit: plan?.controlPlaneMemoryLimit ?? null,
    controlPlaneEphemeralStorageRequest: plan?.controlPlaneEphemeralStorageRequest ?? null,
    controlPlaneEphemeralStorageLimit: plan?.controlPlaneEphemeralStorageLimit ?? null,
  };
}

/**
 * The data volume part: taken at create only. A StatefulSet's volume claim template
 * cannot change, so a later plan change keeps the volume the cluster was created with.
 */
export function dataVolumeSnapshot(plan: Plan | null): Pick<Cluster, "controlPlaneDataVolumeSize" | "controlPlaneStorageClass"> {
  return { controlPlaneDataVolumeSize: plan?.controlPlaneDataVolumeSize ?? null, controlPlaneStorageClass: plan?.controlPlaneStorageClass ?? null };
}

/** True when moving to `plan` changes what the control plane runs with (so the update job must re-apply it). */
export function controlPlaneResourcesDiffer(cluster: Cluster, plan: Plan): boolean {
  const next = controlPlaneResourcesSnapshot(plan);
  return (Object.keys(next) as (keyof ResourcesSnapshot)[]).some((key) => cluster[key] !== next[key]);
}
