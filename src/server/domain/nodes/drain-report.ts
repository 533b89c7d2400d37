export const drainPodOutcomes = ["evicted", "skipped_daemonset", "skipped_mirror", "blocked_by_pdb", "failed"] as const;
export type DrainPodOutcome = (typeof drainPodOutcomes)[number];

export interface DrainPodReport {
  namespace: string;
  name: string;
  outcome: DrainPodOutcome;
  message: string;
}

export interface DrainReport {
  node: string;
  /** True when every pod that had to leave has left (skipped pods do not count against it). */
  completed: boolean;
  pods: DrainPodReport[];
}

/** What drain decides from a pod's metadata alone, before calling the Eviction API. */
export interface DrainPodFacts {
  annotations?: Record<string, string>;
  ownerReferences?: Array<{ kind: string; controller?: boolean }>;
}

const MIRROR_ANNOTATION = "kubernetes.io/config.mirror";

/**
 * Mirror pods are the API's view of static pods (the kubelet owns them; eviction
 * cannot remove them) and DaemonSet pods would be recreated on the node at once,
 * so drain skips both, as `kubectl drain --ignore-daemonsets` does.
 */
export function drainSkipReason(pod: DrainPodFacts): "skipped_mirror" | "skipped_daemonset" | null {
  if (pod.annotations?.[MIRROR_ANNOTATION] !== undefined) return "skipped_mirror";
  if (pod.ownerReferences?.some((o) => o.controller === true && o.kind === "DaemonSet")) return "skipped_daemonset";
  return null;
}
