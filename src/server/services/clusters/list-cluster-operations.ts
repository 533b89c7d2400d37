import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { clusterOperationStatusSchema, operationStepStatusSchema, type OperationStep } from "@/server/domain/clusters/operation-steps";
import type { ServiceDeps } from "@/server/services/service-deps";
import { findAccessibleCluster } from "./find-accessible-cluster";

export const CLUSTER_OPERATIONS_LIMIT = 20;

const operationStepViewSchema = z.object({
  name: z.string(),
  status: operationStepStatusSchema,
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  message: z.string().nullable(),
});

export const clusterOperationViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: clusterOperationStatusSchema,
  error: z.string().nullable(),
  steps: z.array(operationStepViewSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ClusterOperationView = z.infer<typeof clusterOperationViewSchema>;

/** A cluster's most recent operations with their step timelines, newest first. */
export async function listClusterOperations(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string): Promise<ClusterOperationView[]> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const ops = await deps.db.clusterOperation.findMany({
    where: { clusterId: cluster.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: CLUSTER_OPERATIONS_LIMIT,
  });
  return ops.map((op) => ({
    id: op.id,
    kind: op.kind,
    status: op.status,
    error: op.error,
    // Written only by OperationRecorder / initialSteps, so the JSON has the OperationStep shape.
    steps: Array.isArray(op.steps) ? (op.steps as unknown as OperationStep[]) : [],
    created_at: op.createdAt.toISOString(),
    started_at: op.startedAt?.toISOString() ?? null,
    finished_at: op.finishedAt?.toISOString() ?? null,
  }));
}
