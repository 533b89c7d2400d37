/**
 * Job kinds the platform knows about. The column is free text on purpose: a
 * newer web process may enqueue a kind an older worker has no handler for,
 * and that must fail the job with an explanation rather than break decoding.
 * The request side enqueues these and the composition root maps each to its
 * handler, so the job engine itself knows no product area.
 */
export const CLUSTER_CREATE_JOB = "cluster.create";
export const CLUSTER_UPDATE_JOB = "cluster.update";
export const CLUSTER_DELETE_JOB = "cluster.delete";
/** Reconciles only the managed workload ingress controller inside the vCluster (docs/managed-ingress.md). */
export const CLUSTER_MANAGED_INGRESS_JOB = "cluster.managed_ingress";

export const clusterJobKinds = [CLUSTER_CREATE_JOB, CLUSTER_UPDATE_JOB, CLUSTER_DELETE_JOB, CLUSTER_MANAGED_INGRESS_JOB] as const;

export type ClusterJobKind = (typeof clusterJobKinds)[number];

export function isClusterJobKind(kind: string): kind is ClusterJobKind {
  return (clusterJobKinds as readonly string[]).includes(kind);
}
