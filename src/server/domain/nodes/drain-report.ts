import { z } from "zod";

export const drainPodOutcomes = ["evicted", "skipped_daemonset", "skipped_mirror", "blocked_by_pdb", "failed"] as const;
export const drainPodOutcomeSchema = z.enum(drainPodOutcomes);
export type DrainPodOutcome = z.infer<typeof drainPodOutcomeSchema>;

const drainPodReportSchema = z.object({ namespace: z.string(), name: z.string(), outcome: drainPodOutcomeSchema, message: z.string() });
export type DrainPodReport = z.infer<typeof drainPodReportSchema>;

/** What a drain did, pod by pod, as the API returns it. */
export const drainReportSchema = z.object({
  node: z.string(),
  /** True when every pod that had to leave has left (skipped pods do not count against it). */
  completed: z.boolean(),
  pods: z.array(drainPodReportSchema),
});
export type DrainReport = z.infer<typeof drainReportSchema>;

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
