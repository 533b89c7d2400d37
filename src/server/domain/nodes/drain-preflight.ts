import { drainSkipReason, type DrainPodFacts } from "./drain-report";

/**
 * What `kubectl drain` refuses before it evicts anything (k8s.io/kubectl/pkg/drain/filters.go):
 * a Pod no controller owns would be gone for good, and a Pod's emptyDir data is
 * deleted with it. Each needs the caller's explicit consent — kubectl's
 * `--force` and `--delete-emptydir-data`, the API's `force` and
 * `delete_emptydir_data`. DaemonSet and mirror Pods are skipped first (the
 * console always drains as with `--ignore-daemonsets`), and finished Pods
 * (Succeeded/Failed) may always go.
 */

export interface DrainOptions {
  force: boolean;
  deleteEmptyDirData: boolean;
}

export interface DrainPreflightPod extends DrainPodFacts {
  namespace: string;
  name: string;
  phase?: string;
  volumes?: ReadonlyArray<{ emptyDir?: unknown }>;
}

/** "namespace/name", as kubectl lists them. */
export type PodRef = string;

export interface DrainRefusal {
  node: string;
  /** Pods without a controller, refused unless `force`. */
  unmanaged: PodRef[];
  /** Pods with emptyDir volumes, refused unless `delete_emptydir_data`. */
  withEmptyDir: PodRef[];
}

const finished = (pod: DrainPreflightPod) => pod.phase === "Succeeded" || pod.phase === "Failed";
const ref = (pod: DrainPreflightPod): PodRef => `${pod.namespace}/${pod.name}`;

/** The Pods that stop this drain under these options, or null when it may go ahead. */
export function drainRefusal(node: string, pods: readonly DrainPreflightPod[], options: DrainOptions): DrainRefusal | null {
  const unmanaged: PodRef[] = [];
  const withEmptyDir: PodRef[] = [];
  for (const pod of pods) {
    if (drainSkipReason(pod) !== null || finished(pod)) continue;
    if (!options.deleteEmptyDirData && pod.volumes?.some((v) => v.emptyDir != null)) withEmptyDir.push(ref(pod));
    if (!options.force && !pod.ownerReferences?.some((o) => o.controller === true)) unmanaged.push(ref(pod));
  }
  if (unmanaged.length === 0 && withEmptyDir.length === 0) return null;
  return { node, unmanaged: unmanaged.sort(), withEmptyDir: withEmptyDir.sort() };
}

const LISTED = 20;

function listed(pods: readonly PodRef[]): string {
  const shown = pods.slice(0, LISTED).join(", ");
  return pods.length > LISTED ? `${shown} and ${pods.length - LISTED} more` : shown;
}

const count = (n: number) => (n === 1 ? "1 Pod" : `${n} Pods`);

/** The refusal as the API answers it: which Pods, why, and which field would allow the drain. */
export function describeDrainRefusal(refusal: DrainRefusal): string {
  const parts = [`Drain of node ${refusal.node} was refused and nothing was changed (no Pod was evicted; the drain did not cordon the node).`];
  if (refusal.unmanaged.length > 0) {
    parts.push(
      `${count(refusal.unmanaged.length)} not managed by a controller (ReplicaSet, StatefulSet, Job, …) would be deleted for good, nothing recreates them: ${listed(refusal.unmanaged)}. Set "force" (kubectl drain --force) to evict them anyway.`,
    );
  }
  if (refusal.withEmptyDir.length > 0) {
    parts.push(
      `${count(refusal.withEmptyDir.length)} with emptyDir volumes would lose that data: ${listed(refusal.withEmptyDir)}. Set "delete_emptydir_data" (kubectl drain --delete-emptydir-data) to evict them anyway.`,
    );
  }
  return parts.join(" ");
}
