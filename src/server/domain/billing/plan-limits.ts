/** What a plan allows; the quota checks need nothing else. */
export interface PlanLimits {
  name: string;
  /** Clusters a user may hold at once (deleted ones do not count). */
  clusterQuota: number;
  /** Live nodes per cluster. */
  nodeQuota: number;
}

/** Why creating one more cluster is refused, or null when the plan has room. */
export function clusterQuotaRefusal(plan: PlanLimits, clustersHeld: number): string | null {
  if (clustersHeld < plan.clusterQuota) return null;
  return `Your plan "${plan.name}" allows ${plan.clusterQuota} cluster(s) and you have ${clustersHeld}. Delete a cluster or ask an administrator for a bigger plan first.`;
}

/** Why a join token for one more node is refused, or null when the cluster has room. */
export function nodeQuotaRefusal(plan: PlanLimits, clusterName: string, liveNodes: number): string | null {
  if (liveNodes < plan.nodeQuota) return null;
  return `Your plan "${plan.name}" allows ${plan.nodeQuota} node(s) per cluster and cluster "${clusterName}" has ${liveNodes}. Delete a node or ask an administrator for a bigger plan before creating another join token.`;
}
