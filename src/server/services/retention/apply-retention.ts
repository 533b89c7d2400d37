import { retentionCutoff, retentionTables, type RetentionDays, type RetentionTable } from "@/server/domain/retention/retention-policy";
import { deleteRetentionBatch } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface RetentionDeps extends Pick<ServiceDeps, "db" | "now"> {
  /** config.retention: days per table (0 keeps a table forever) and rows per delete statement. */
  retention: { days: RetentionDays; batchSize: number };
}

export interface TableRetentionResult {
  deleted: number;
  /** Delete statements sent: one more than the full batches, unless the pass was stopped. */
  batches: number;
}

export interface RetentionPassResult {
  /** The tables that have a retention (days > 0), in the order the pass walked them. */
  tables: Partial<Record<RetentionTable, TableRetentionResult>>;
  /** The process began stopping during the pass; what is left waits for the next one. */
  interrupted: boolean;
}

/**
 * One retention pass (docs/retention.md): for each table with a retention, deletes its eligible rows batch after
 * batch until a batch comes back short. Each batch is one statement in its own transaction, so a large backlog
 * (the first pass after an upgrade) never holds a long transaction or keeps writers waiting; `signal` is checked
 * between batches so a stopping process is not held up by it.
 */
export async function applyRetention(deps: RetentionDeps, signal: AbortSignal): Promise<RetentionPassResult> {
  const now = deps.now();
  const result: RetentionPassResult = { tables: {}, interrupted: false };
  for (const table of retentionTables) {
    const cutoff = retentionCutoff(deps.retention.days[table], now);
    if (!cutoff) continue;
    const done: TableRetentionResult = { deleted: 0, batches: 0 };
    result.tables[table] = done;
    for (;;) {
      if (signal.aborted) return { ...result, interrupted: true };
      const deleted = await deleteRetentionBatch(deps.db, table, cutoff, deps.retention.batchSize);
      done.deleted += deleted;
      done.batches += 1;
      // Short: nothing eligible is left, or the rest is locked by a writer right now (the next pass takes it).
      if (deleted < deps.retention.batchSize) break;
    }
  }
  return result;
}
