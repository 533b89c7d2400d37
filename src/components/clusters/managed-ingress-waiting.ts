import type { ClusterItem, ClusterOperationItem } from "./cluster-types";

/**
 * Whether the managed ingress waits for a Ready node, and the platform's words for it. The server
 * leaves the status `provisioning` with no job (managed-ingress-step.ts) and records its
 * `managed_ingress` step as skipped; the node observer starts the install once a node is Ready.
 * Waiting: the status is provisioning, the newest operation has ended, and the newest operation
 * that reached the managed_ingress step skipped it. Operations come newest first (clusters.listOperations).
 * Returns the step's message, or null when nothing waits (a queued or running job is provisioning).
 */
export function managedIngressWaitingMessage(status: ClusterItem["managed_workload_ingress_status"], operations: readonly ClusterOperationItem[]): string | null {
  if (status !== "provisioning") return null;
  const newest = operations[0];
  if (!newest || newest.status === "pending" || newest.status === "running") return null;
  for (const op of operations) {
    const step = op.steps.find((s) => s.name === "managed_ingress");
    if (step) return step.status === "skipped" ? (step.message ?? "") : null;
  }
  return null;
}
