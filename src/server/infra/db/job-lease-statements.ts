import { clusterJobStatusSchema, type ClusterJob, type LeasedJob } from "@/server/domain/jobs/cluster-job";

// The job queue's hot statements, sent through the pg pool as named (prepared) statements: each
// connection parses and plans them once, and no ORM layer sits between the runner and PostgreSQL.
// The rules mirror isLeasable()/isExhaustedAfterLeaseExpiry() in domain/jobs/lease-rules.ts and use
// the database clock, so runners on machines with skewed clocks agree.

/** A parameterised statement in the shape pg's `query()` takes. */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

// Columns in the shape of the domain ClusterJob.
const jobColumns = `
  id, cluster_id AS "clusterId", operation_id AS "operationId", kind, status::text AS status,
  attempts, max_attempts AS "maxAttempts", run_after AS "runAfter", lease_owner AS "leaseOwner",
  lease_expires_at AS "leaseExpiresAt", last_error AS "lastError", payload,
  started_at AS "startedAt", finished_at AS "finishedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

// $2 = owner, $3 = lease length in ms.
const leaseAssignments = `
  status = 'running', lease_owner = $2,
  lease_expires_at = now() + $3::int * interval '1 millisecond',
  attempts = cluster_jobs.attempts + 1, started_at = now(), updated_at = now()`;

// $1 = id of the job that just succeeded (NULL when there is none), owner-checked.
const finishedCte = `
finished AS (
  UPDATE cluster_jobs
  SET status = 'succeeded', lease_expires_at = NULL, finished_at = now(), updated_at = now()
  WHERE id = $1 AND status = 'running' AND lease_owner = $2
  RETURNING id
)`;

// Jobs whose runner died on their last attempt become dead instead of being leased again. SKIP LOCKED:
// runners sweeping at the same time do not wait on each other.
const exhaustedCte = `
exhausted AS (
  UPDATE cluster_jobs
  SET status = 'dead', lease_expires_at = NULL, finished_at = now(), updated_at = now(),
      last_error = left(
        'attempt ' || attempts || ' of ' || max_attempts || ': runner ' || coalesce(lease_owner, 'unknown')
        || ' stopped renewing its lease without reporting a result; no attempts left'
        || coalesce(' (previous error: ' || last_error || ')', ''),
        4000)
  WHERE id IN (
    SELECT id FROM cluster_jobs
    WHERE status = 'running' AND lease_expires_at <= now() AND attempts >= max_attempts
      AND id IS DISTINCT FROM $1
    FOR UPDATE SKIP LOCKED)
  RETURNING id
)`;

// The due pending job with the oldest run_after, walking the (status, run_after) index in order.
// expired_owner: whose expired lease the pick takes over (NULL for pending work), for the runner's
// lease-expiry metric and log line.
const duePick = `
SELECT id AS job_id, NULL::text AS expired_owner FROM cluster_jobs
WHERE status = 'pending' AND run_after <= now()
ORDER BY run_after
LIMIT 1
FOR UPDATE SKIP LOCKED`;

// A running job whose lease expired (its runner died). `id IS DISTINCT FROM $1` keeps it off the row
// `finished` writes in the same statement.
const expiredPick = `
SELECT id AS job_id, coalesce(lease_owner, 'unknown') AS expired_owner FROM cluster_jobs
WHERE status = 'running' AND lease_expires_at <= now() AND attempts < max_attempts
  AND id IS DISTINCT FROM $1
ORDER BY lease_expires_at
LIMIT 1
FOR UPDATE SKIP LOCKED`;

// Expired leases first, so a backlog cannot starve a crashed runner's jobs. Two picks rather than one
// `OR`, which the index cannot serve in order (it sorted the whole backlog: docs/benchmarks.md);
// UNION ALL under LIMIT 1 runs the second pick only when the first finds nothing.
const expiredThenDuePick = `
SELECT job_id, expired_owner FROM (
  SELECT job_id, expired_owner FROM (${expiredPick}) AS expired
  UNION ALL
  SELECT job_id, expired_owner FROM (${duePick}) AS due
) AS candidates
LIMIT 1`;

// Always one row: `completed` (0/1) plus the leased job's columns, all NULL when nothing was leased.
function finishAndLeaseText(extraCtes: string, pick: string): string {
  return `
WITH ${finishedCte},${extraCtes}
picked AS (${pick}),
leased AS (
  UPDATE cluster_jobs SET ${leaseAssignments}
  FROM picked WHERE cluster_jobs.id = picked.job_id
  RETURNING ${jobColumns}, picked.expired_owner AS "takenOverFrom"
)
SELECT (SELECT count(*) FROM finished)::int AS completed, leased.*
FROM (VALUES (1)) AS one LEFT JOIN leased ON true`;
}

const finishAndLeaseDueText = finishAndLeaseText("", duePick);
const finishAndLeaseAnyText = finishAndLeaseText(`${exhaustedCte},`, expiredThenDuePick);

/**
 * The busy-queue path, one round trip and one commit per job: records the
 * success of job `finishedId` (null for none) and leases the next due pending
 * job. It reads nothing but the head of the pending index.
 */
export function finishAndLeaseDue(finishedId: string | null, owner: string, leaseMs: number): NamedStatement {
  return { name: "cluster_jobs_finish_and_lease_due", text: finishAndLeaseDueText, values: [finishedId, owner, leaseMs] };
}

/**
 * Like finishAndLeaseDue, and also looks at expired leases: marks exhausted
 * ones dead and takes over the others before pending work. This reads every
 * running row (and their dead versions until vacuum), so the store runs it
 * when the queue looks empty and about once a second otherwise.
 */
export function finishAndLeaseAny(finishedId: string | null, owner: string, leaseMs: number): NamedStatement {
  return { name: "cluster_jobs_finish_and_lease_any", text: finishAndLeaseAnyText, values: [finishedId, owner, leaseMs] };
}

const leaseByIdText = `
WITH picked AS (
  SELECT id AS job_id, CASE WHEN status = 'running' THEN coalesce(lease_owner, 'unknown') END AS expired_owner FROM cluster_jobs
  WHERE id = $1 AND (
    (status = 'pending' AND run_after <= now())
    OR (status = 'running' AND lease_expires_at <= now() AND attempts < max_attempts)
  )
  FOR UPDATE SKIP LOCKED
)
UPDATE cluster_jobs SET ${leaseAssignments}
FROM picked WHERE cluster_jobs.id = picked.job_id
RETURNING ${jobColumns}, picked.expired_owner AS "takenOverFrom"`;

export function leaseById(id: string, owner: string, leaseMs: number): NamedStatement {
  return { name: "cluster_jobs_lease_by_id", text: leaseByIdText, values: [id, owner, leaseMs] };
}

export function renewLease(id: string, owner: string, leaseMs: number): NamedStatement {
  return {
    name: "cluster_jobs_renew_lease",
    text: `UPDATE cluster_jobs
           SET lease_expires_at = now() + $3::int * interval '1 millisecond', updated_at = now()
           WHERE id = $1 AND status = 'running' AND lease_owner = $2`,
    values: [id, owner, leaseMs],
  };
}

/** lease_owner stays as a record of who ran the job; the expiry goes because nothing holds it. */
export function complete(id: string, owner: string): NamedStatement {
  return {
    name: "cluster_jobs_complete",
    text: `UPDATE cluster_jobs
           SET status = 'succeeded', lease_expires_at = NULL, finished_at = now(), updated_at = now()
           WHERE id = $1 AND status = 'running' AND lease_owner = $2`,
    values: [id, owner],
  };
}

export function heldAttempts(id: string, owner: string): NamedStatement {
  return {
    name: "cluster_jobs_held_attempts",
    text: `SELECT attempts, max_attempts AS "maxAttempts" FROM cluster_jobs
           WHERE id = $1 AND status = 'running' AND lease_owner = $2`,
    values: [id, owner],
  };
}

/** Back to pending after a backoff. `attempts = $3` makes sure the lease we read is still the one we write. */
export function retryLater(id: string, owner: string, attempts: number, retryInMs: number, lastError: string): NamedStatement {
  return {
    name: "cluster_jobs_retry_later",
    text: `UPDATE cluster_jobs
           SET status = 'pending', run_after = now() + $4::int * interval '1 millisecond',
               lease_owner = NULL, lease_expires_at = NULL, last_error = $5, updated_at = now()
           WHERE id = $1 AND status = 'running' AND lease_owner = $2 AND attempts = $3
           RETURNING ${jobColumns}`,
    values: [id, owner, attempts, retryInMs, lastError],
  };
}

/** `failed` or `dead`; lease_owner stays as a record of who ran the last attempt. */
export function finishUnsuccessfully(
  id: string,
  owner: string,
  attempts: number,
  status: "failed" | "dead",
  lastError: string,
): NamedStatement {
  return {
    name: "cluster_jobs_finish_unsuccessfully",
    text: `UPDATE cluster_jobs
           SET status = $4::text::"ClusterJobStatus", lease_expires_at = NULL, last_error = $5,
               finished_at = now(), updated_at = now()
           WHERE id = $1 AND status = 'running' AND lease_owner = $2 AND attempts = $3
           RETURNING ${jobColumns}`,
    values: [id, owner, attempts, status, lastError],
  };
}

/** A row as the statements above return it (pg parses timestamptz to Date and jsonb to values). */
export type JobRow = Omit<ClusterJob, "status"> & { status: string };

/** A row of the lease statements: the job plus whose expired lease it took over (null: it was pending). */
export type LeasedJobRow = JobRow & { takenOverFrom: string | null };

export function leasedJobFromRow(row: LeasedJobRow): LeasedJob {
  return { ...jobFromRow(row), takenOverFrom: row.takenOverFrom };
}

export function jobFromRow(row: JobRow): ClusterJob {
  return {
    id: row.id,
    clusterId: row.clusterId,
    operationId: row.operationId,
    kind: row.kind,
    status: clusterJobStatusSchema.parse(row.status),
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAfter: row.runAfter,
    leaseOwner: row.leaseOwner,
    leaseExpiresAt: row.leaseExpiresAt,
    lastError: row.lastError,
    payload: row.payload,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
