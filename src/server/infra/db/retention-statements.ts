import type { RetentionTable } from "@/server/domain/retention/retention-policy";
import { finishedJoinSessionStatuses } from "@/server/domain/join-sessions/join-session-status";
import type { PrismaClient } from "./generated/prisma/client";

// The rows of each table a retention pass may delete, as a SELECT of their ctids: $1 is the cutoff (the row's
// retention clock started before it), $2 the batch size. Each walks an index on its timestamp oldest first, so the
// LIMIT stops the scan after one batch however large the backlog (e2e/tests/list-query-plans.integration-test.ts
// fails on a sequential scan). FOR UPDATE SKIP LOCKED: a row a writer holds is left for the next pass instead of
// making the delete wait on it.
const lockedOldest = (table: string, column: string, where: string) =>
  `SELECT ctid FROM ${table} WHERE ${column} < $1${where ? ` AND ${where}` : ""} ORDER BY ${column} LIMIT $2 FOR UPDATE SKIP LOCKED`;

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

const ELIGIBLE: Record<RetentionTable, string> = {
  audit_events: lockedOldest("audit_events", "created_at", ""),
  node_events: lockedOldest("node_events", "observed_at", ""),
  // Only finished jobs: pending and running ones are the queue itself.
  cluster_jobs: lockedOldest("cluster_jobs", "finished_at", "status IN ('succeeded', 'failed', 'dead')"),
  // Only closed operations none of whose jobs is still queued or running: a retried job reopens its operation.
  cluster_operations: lockedOldest(
    "cluster_operations",
    "finished_at",
    "status IN ('succeeded', 'failed') AND NOT EXISTS (SELECT 1 FROM cluster_jobs j WHERE j.operation_id = cluster_operations.id AND j.status IN ('pending', 'running'))",
  ),
  // Sent, or failed for good; pending ones are still being delivered. created_at: the existing keyset index.
  notification_deliveries: lockedOldest("notification_deliveries", "created_at", "status IN ('sent', 'failed')"),
  // Ended by expiry or by revocation, whichever came first: one indexed branch each, since an OR of the two
  // columns can walk neither index in order. (FOR UPDATE is refused directly under a UNION, hence the subqueries.)
  sessions: `SELECT ctid FROM (SELECT ctid FROM (${lockedOldest("sessions", "expires_at", "")}) AS expired UNION SELECT ctid FROM (${lockedOldest("sessions", "revoked_at", "")}) AS revoked) AS ended LIMIT $2`,
  // Only finished sessions (no report changes them any more); their events go with them (ON DELETE CASCADE).
  join_sessions: lockedOldest("join_sessions", "finished_at", `status IN (${inList(finishedJoinSessionStatuses)})`),
  // A used code or reset link expired minutes after it was used, so expiry alone dates them all.
  email_verification_codes: lockedOldest("email_verification_codes", "expires_at", ""),
  password_resets: lockedOldest("password_resets", "expires_at", ""),
};

/** The statement that deletes one batch of `table`'s eligible rows (exported for the query-plan test). */
export function retentionDeleteStatement(table: RetentionTable): string {
  // ctid = ANY(ARRAY(...)): a TID scan fetches exactly the batch, where `id IN (...)` may be planned as a join
  // that reads the whole table. A row updated meanwhile has a new ctid and is simply not deleted this time.
  return `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(${ELIGIBLE[table]}))`;
}

/**
 * Deletes up to `limit` of `table`'s rows whose retention started before `cutoff`, in one statement (its own short
 * transaction), and returns how many went. Foreign keys onto these tables are ON DELETE CASCADE (join session
 * events) or SET NULL (a job's operation, a token node's session), so a delete never fails on one.
 */
export function deleteRetentionBatch(db: Pick<PrismaClient, "$executeRawUnsafe">, table: RetentionTable, cutoff: Date, limit: number): Promise<number> {
  return db.$executeRawUnsafe(retentionDeleteStatement(table), cutoff, limit);
}
