import type { ClusterEdgeStatus, EdgeBackendColumn, EdgeStatus, EdgeStatusLine } from "@/server/domain/workload-edge/edge-status";
import type { ServiceDeps } from "@/server/services/service-deps";

/** A cluster row as the pass read it: what its edge columns say now. */
export interface EdgeStatusRow {
  id: string;
  workloadEdgeStatus: EdgeStatus;
  workloadEdgeMessage: string | null;
  workloadEdgeBackend: EdgeBackendColumn | null;
  hostnameBindings: ReadonlyArray<{ id: string; workloadEdgeStatus: EdgeStatus; workloadEdgeMessage: string | null }>;
}

/** What the pass found for one cluster; bindings follow it unless it was served. */
export type ClusterEdgeOutcome =
  | { kind: "disabled" | "pending" | "error"; message: string }
  | { kind: "served"; edge: ClusterEdgeStatus };

export interface EdgeStatusChange {
  clusterId: string;
  status: EdgeStatus;
  message: string;
}

/**
 * Writes the clusters' and bindings' workload edge columns, only where a value differs from the row
 * (the pass runs every 30 s; an unchanged edge writes nothing). `workload_edge_last_synced_at` moves with a
 * written served state, `_last_error(_at)` with a new error; a cluster going back to normal keeps its last
 * error for the record, as the DNS automation does. `workload_edge_checked_at` of every cluster the pass looked at
 * moves each pass, in one statement. Returns the clusters whose status or message changed.
 */
export async function writeEdgeStatuses(deps: Pick<ServiceDeps, "db" | "now">, rows: readonly EdgeStatusRow[], outcomes: ReadonlyMap<string, ClusterEdgeOutcome>): Promise<EdgeStatusChange[]> {
  const now = deps.now();
  const changes: EdgeStatusChange[] = [];
  for (const row of rows) {
    const outcome = outcomes.get(row.id);
    if (!outcome) continue;
    const line: EdgeStatusLine = outcome.kind === "served" ? outcome.edge : { status: outcome.kind, message: outcome.message };
    // An error or a wait says nothing new about the backend: the column keeps what was last served.
    const backend = outcome.kind === "served" ? outcome.edge.backend : outcome.kind === "disabled" ? null : row.workloadEdgeBackend;
    if (line.status !== row.workloadEdgeStatus || line.message !== row.workloadEdgeMessage || backend !== row.workloadEdgeBackend) {
      // updateMany: a row deleted during the pass is simply gone.
      await deps.db.cluster.updateMany({
        where: { id: row.id },
        data: {
          workloadEdgeStatus: line.status,
          workloadEdgeMessage: line.message,
          workloadEdgeBackend: backend,
          ...(outcome.kind === "served" ? { workloadEdgeLastSyncedAt: now } : {}),
          // Also a served edge the Gateway controller refused, or with a NodePort address that refuses: an error all the same.
          ...(line.status === "error" ? { workloadEdgeLastError: line.message, workloadEdgeLastErrorAt: now } : {}),
        },
      });
      changes.push({ clusterId: row.id, status: line.status, message: line.message });
    }
    for (const binding of row.hostnameBindings) {
      const wanted = outcome.kind === "served" ? (outcome.edge.bindings.get(binding.id) ?? { status: "pending" as const, message: "Not routed yet." }) : line;
      if (wanted.status === binding.workloadEdgeStatus && wanted.message === binding.workloadEdgeMessage) continue;
      await deps.db.hostnameBinding.updateMany({ where: { id: binding.id }, data: { workloadEdgeStatus: wanted.status, workloadEdgeMessage: wanted.message } });
    }
  }
  await stampChecked(deps, [...outcomes.keys()], now);
  return changes;
}

/**
 * "Checked at" is bookkeeping, not a change of the cluster: raw SQL so that `updated_at` (which Prisma's @updatedAt
 * would move on every pass, every 30 s) keeps saying when the cluster itself last changed.
 */
async function stampChecked(deps: Pick<ServiceDeps, "db">, clusterIds: readonly string[], now: Date): Promise<void> {
  if (clusterIds.length === 0) return;
  await deps.db.$executeRaw`UPDATE "clusters" SET "workload_edge_checked_at" = ${now} WHERE "id" = ANY(${[...clusterIds]}::text[])`;
}
