import { AppError } from "@/server/domain/errors";

/**
 * The managed ingress controller cannot be installed yet: the vCluster has no Ready node for the chart's
 * hook Jobs and the controller Pod to run on. Not a failure of the reconcile: the managed_ingress step
 * records itself as waiting, and the node observer starts the reconcile once a node turns Ready
 * (docs/managed-ingress.md, "Waiting for a node").
 */
export class NoReadyNodeError extends AppError {
  /** Nodes registered in the vCluster, none of them Ready. */
  readonly joinedNodes: number;

  constructor(joinedNodes: number) {
    super(
      "PRECONDITION_FAILED",
      `the cluster has no Ready node to run the managed ingress controller on (${joinedNodes} node(s) joined, none Ready): join a node; the platform installs the controller as soon as one is Ready`,
    );
    this.name = "NoReadyNodeError";
    this.joinedNodes = joinedNodes;
  }
}

/** What the managed_ingress step shows on the operation timeline while it waits (step `skipped`). */
export function waitingForNodeMessage(error: NoReadyNodeError): string {
  return `Waiting for a Ready node (${error.joinedNodes} node(s) joined, none Ready): the managed ingress controller is installed automatically as soon as a node is Ready.`;
}
