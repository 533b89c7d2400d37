import type { Config } from "@/server/config/env";
import type { BackgroundTask, TaskSummary } from "@/server/services/background/background-task";
import { applyRetention, type RetentionDeps, type RetentionPassResult } from "./apply-retention";

/**
 * Deletes what has outlived its retention in every unbounded table (docs/retention.md). One leader: a second
 * process deleting the same rows would only wait on the first one's row locks (or skip them).
 */
export const retentionTask: BackgroundTask<RetentionDeps, RetentionPassResult> = {
  name: "retention",
  scope: "leader",
  intervalMs: (config: Config) => config.retention.intervalSeconds * 1_000,
  run: applyRetention,
  summary: retentionSummary,
};

/** Rows deleted per table, only for tables where something was deleted; nothing when nothing was. */
export function retentionSummary(result: RetentionPassResult): TaskSummary | undefined {
  const deleted = Object.entries(result.tables).filter(([, table]) => table.deleted > 0);
  if (deleted.length === 0) return undefined;
  return {
    level: "info",
    message: "rows past their retention deleted",
    fields: { ...Object.fromEntries(deleted.map(([name, table]) => [name, table.deleted])), ...(result.interrupted && { interrupted: true }) },
  };
}
