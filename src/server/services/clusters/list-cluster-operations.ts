import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { clusterOperationStatusSchema, operationStepSchema, parseOperationSteps, type OperationStep } from "@/server/domain/clusters/operation-steps";
import { orphanReportSchema, parseOrphanReport } from "@/server/domain/clusters/orphan-report";
import type { ClusterOperation, Prisma } from "@/server/infra/db/client";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { findAccessibleCluster } from "./find-accessible-cluster";

const OPERATION_PAGES = newestFirst<ClusterOperation, Prisma.ClusterOperationWhereInput, Prisma.ClusterOperationOrderByWithRelationInput>();

export const clusterOperationViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: clusterOperationStatusSchema,
  error: z.string().nullable(),
  steps: z.array(operationStepSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Delete operations: what the run left behind (domain/clusters/orphan-report.ts); null otherwise or before it is written. */
  report: orphanReportSchema.nullable(),
});
export type ClusterOperationView = z.infer<typeof clusterOperationViewSchema>;

/** A cluster's operations with their step timelines, newest first, a page at a time. */
export async function listClusterOperations(
  deps: Pick<ServiceDeps, "db" | "log">,
  viewer: Viewer,
  clusterId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<ClusterOperationView>> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const ops = await deps.db.clusterOperation.findMany({
    where: { AND: [{ clusterId: cluster.id }, OPERATION_PAGES.after(page.cursor)] },
    orderBy: OPERATION_PAGES.orderBy,
    take: OPERATION_PAGES.take(page.limit),
  });
  return OPERATION_PAGES.page(ops, page.limit, (op) => ({
    id: op.id,
    kind: op.kind,
    status: op.status,
    error: op.error,
    steps: readableSteps(deps, op),
    created_at: op.createdAt.toISOString(),
    started_at: op.startedAt?.toISOString() ?? null,
    finished_at: op.finishedAt?.toISOString() ?? null,
    report: op.report === null ? null : parseOrphanReport(op.report),
  }));
}

/** A timeline that cannot be read shows as empty, so one bad row does not take the whole list down; the log says why. */
function readableSteps(deps: Pick<ServiceDeps, "log">, op: { id: string; steps: unknown }): OperationStep[] {
  const stored = parseOperationSteps(op.steps);
  if (stored.ok) return stored.steps;
  deps.log.warn("cluster operation has unreadable steps; listing it without them", { operation_id: op.id, problem: stored.problem });
  return [];
}
