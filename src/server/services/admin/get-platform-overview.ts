import { z } from "zod";
import { clusterStatusSchema } from "@/server/domain/clusters/cluster-states";
import { nodeStatuses, nodeStatusSchema, type NodeStatus } from "@/server/domain/nodes/node-view";
import { ClusterStatus } from "@/server/infra/db/client";
import { jobQueueSummarySchema } from "@/server/services/jobs/job-queue-summary";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import { summarizeJobQueue } from "@/server/services/jobs/summarize-job-queue";
import type { ServiceDeps } from "@/server/services/service-deps";

export const platformOverviewSchema = z.object({
  users: z.object({ total: z.number().int(), admins: z.number().int(), disabled: z.number().int() }),
  clusters: z.object({ total: z.number().int(), by_status: z.record(clusterStatusSchema, z.number().int()) }),
  /** Nodes the observer currently knows in clusters that are not deleted (removed nodes are not counted), by last observed status. */
  nodes: z.object({ total: z.number().int(), by_status: z.record(nodeStatusSchema, z.number().int()) }),
  cluster_jobs: jobQueueSummarySchema,
});
export type PlatformOverview = z.infer<typeof platformOverviewSchema>;

/** Counts for the admin back office's landing page; deleted clusters are not counted as clusters, nor their nodes. */
export async function getPlatformOverview(deps: ServiceDeps & Pick<JobQueueDeps, "jobs">): Promise<PlatformOverview> {
  const [total, admins, disabled, clusterGroups, nodeGroups, jobs] = await Promise.all([
    deps.db.user.count(),
    deps.db.user.count({ where: { role: "admin" } }),
    deps.db.user.count({ where: { disabled: true } }),
    deps.db.cluster.groupBy({ by: ["status"], _count: { _all: true } }),
    deps.db.node.groupBy({ by: ["status"], where: { deletedAt: null, cluster: { status: { not: "deleted" } } }, _count: { _all: true } }),
    summarizeJobQueue(deps),
  ]);
  const nodeCounts = Object.fromEntries(nodeStatuses.map((s) => [s, 0])) as Record<NodeStatus, number>;
  for (const g of nodeGroups) nodeCounts[g.status] = g._count._all;
  const clusterCounts = Object.fromEntries(Object.values(ClusterStatus).map((s) => [s, 0])) as Record<ClusterStatus, number>;
  for (const g of clusterGroups) clusterCounts[g.status] = g._count._all;
  return {
    users: { total, admins, disabled },
    clusters: {
      total: Object.entries(clusterCounts).reduce((sum, [status, n]) => (status === "deleted" ? sum : sum + n), 0),
      by_status: clusterCounts,
    },
    nodes: { total: Object.values(nodeCounts).reduce((sum, n) => sum + n, 0), by_status: nodeCounts },
    cluster_jobs: jobs,
  };
}
