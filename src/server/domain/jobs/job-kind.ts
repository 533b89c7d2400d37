/**
 * Job kinds the platform knows about. The column is free text on purpose: a
 * newer web process may enqueue a kind an older worker has no handler for,
 * and that must fail the job with an explanation rather than break decoding.
 */
export const clusterJobKinds = ["cluster.create", "cluster.update", "cluster.delete"] as const;

export type ClusterJobKind = (typeof clusterJobKinds)[number];

export function isClusterJobKind(kind: string): kind is ClusterJobKind {
  return (clusterJobKinds as readonly string[]).includes(kind);
}
