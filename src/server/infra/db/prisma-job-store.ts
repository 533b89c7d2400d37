import { newId } from "@/server/domain/ids";
import {
  clusterJobStatusSchema,
  defaultMaxAttempts,
  type ClusterJob,
  type EnqueueJobInput,
  type JsonValue,
  type ListJobsFilter,
} from "@/server/domain/jobs/cluster-job";
import { trimErrorText } from "@/server/domain/jobs/lease-rules";
import { decideFailureOutcome, defaultBackoffPolicy, type BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { JobStore } from "@/server/services/jobs/job-store";
import { Prisma, type ClusterJob as ClusterJobRow, type Db } from "./client";

/** A Prisma client or the `tx` of an interactive transaction. */
export type DbTransaction = Prisma.TransactionClient;

export interface PrismaJobStoreOptions {
  backoff?: BackoffPolicy;
  /** Injectable for tests; used for backoff jitter. */
  random?: () => number;
}

// Columns in the shape of the domain ClusterJob, for raw queries.
const jobColumns = Prisma.raw(`
  id, cluster_id AS "clusterId", operation_id AS "operationId", kind, status::text AS status,
  attempts, max_attempts AS "maxAttempts", run_after AS "runAfter", lease_owner AS "leaseOwner",
  lease_expires_at AS "leaseExpiresAt", last_error AS "lastError", payload,
  started_at AS "startedAt", finished_at AS "finishedAt", created_at AS "createdAt", updated_at AS "updatedAt"`);

// Mirrors isLeasable()/isExhaustedAfterLeaseExpiry() in domain/jobs/lease-rules.ts, evaluated with
// the database clock so runners on machines with skewed clocks agree.
const leasable = Prisma.sql`(
  (status = 'pending' AND run_after <= now())
  OR (status = 'running' AND lease_expires_at <= now() AND attempts < max_attempts)
)`;

const maxListLimit = 500;

/**
 * cluster_jobs as a lease queue. Leasing is one UPDATE over a
 * `FOR UPDATE SKIP LOCKED` pick, so competing runners never wait on or take
 * the same row; every owner-scoped write re-checks lease_owner.
 */
export class PrismaJobStore implements JobStore<DbTransaction> {
  private readonly backoff: BackoffPolicy;
  private readonly random: () => number;

  constructor(
    private readonly db: Db,
    options: PrismaJobStoreOptions = {},
  ) {
    this.backoff = options.backoff ?? defaultBackoffPolicy;
    this.random = options.random ?? Math.random;
  }

  async enqueue(input: EnqueueJobInput, tx?: DbTransaction): Promise<ClusterJob> {
    const maxAttempts = input.maxAttempts ?? defaultMaxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new RangeError(`maxAttempts must be a positive integer (got ${maxAttempts})`);
    }
    const row = await (tx ?? this.db).clusterJob.create({
      data: {
        id: newId("job"),
        clusterId: input.clusterId,
        operationId: input.operationId ?? null,
        kind: input.kind,
        payload: input.payload as Prisma.InputJsonObject,
        maxAttempts,
      },
    });
    return fromRow(row);
  }

  async leaseNext(owner: string, leaseMs: number): Promise<ClusterJob | null> {
    // Cheap: it touches only running rows (a handful), through the status index.
    await this.failExhaustedLeases();
    // Two narrow picks instead of one OR: each walks the (status, run_after) index in order and stops at
    // the first unlocked row, so leasing stays cheap however long the backlog is (an OR forced a sort of
    // every pending row on each poll: docs/benchmarks.md).
    const pending = await this.leaseWhere(owner, leaseMs, Prisma.sql`status = 'pending' AND run_after <= now()`, Prisma.sql`run_after`);
    if (pending) return pending;
    return this.leaseWhere(
      owner,
      leaseMs,
      Prisma.sql`status = 'running' AND lease_expires_at <= now() AND attempts < max_attempts`,
      Prisma.sql`lease_expires_at`,
    );
  }

  private async leaseWhere(owner: string, leaseMs: number, where: Prisma.Sql, order: Prisma.Sql): Promise<ClusterJob | null> {
    const rows = await this.db.$queryRaw<RawJob[]>`
      WITH picked AS (
        SELECT id AS job_id FROM cluster_jobs
        WHERE ${where}
        ORDER BY ${order}
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE cluster_jobs SET ${leaseAssignments(owner, leaseMs)}
      FROM picked WHERE cluster_jobs.id = picked.job_id
      RETURNING ${jobColumns}`;
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  async leaseById(id: string, owner: string, leaseMs: number): Promise<ClusterJob | null> {
    const rows = await this.db.$queryRaw<RawJob[]>`
      WITH picked AS (
        SELECT id AS job_id FROM cluster_jobs
        WHERE id = ${id} AND ${leasable}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE cluster_jobs SET ${leaseAssignments(owner, leaseMs)}
      FROM picked WHERE cluster_jobs.id = picked.job_id
      RETURNING ${jobColumns}`;
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  async renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const count = await this.db.$executeRaw`
      UPDATE cluster_jobs
      SET lease_expires_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
      WHERE id = ${id} AND status = 'running' AND lease_owner = ${owner}`;
    return count === 1;
  }

  async complete(id: string, owner: string): Promise<boolean> {
    // lease_owner stays as a record of who ran the job; the expiry goes because nothing holds it.
    const count = await this.db.$executeRaw`
      UPDATE cluster_jobs
      SET status = 'succeeded', lease_expires_at = NULL, finished_at = now(), updated_at = now()
      WHERE id = ${id} AND status = 'running' AND lease_owner = ${owner}`;
    return count === 1;
  }

  async fail(id: string, owner: string, error: string, options: { retry: boolean }): Promise<ClusterJob | null> {
    const lastError = trimErrorText(error) || "job failed without an error message";
    return this.db.$transaction(async (tx) => {
      const held = await tx.$queryRaw<{ attempts: number; maxAttempts: number }[]>`
        SELECT attempts, max_attempts AS "maxAttempts" FROM cluster_jobs
        WHERE id = ${id} AND status = 'running' AND lease_owner = ${owner}
        FOR UPDATE`;
      const current = held[0];
      if (!current) return null;
      const outcome = decideFailureOutcome({
        attempts: current.attempts,
        maxAttempts: current.maxAttempts,
        retry: options.retry,
        policy: this.backoff,
        random: this.random,
      });
      const rows =
        outcome.status === "pending"
          ? await tx.$queryRaw<RawJob[]>`
              UPDATE cluster_jobs
              SET status = 'pending', run_after = now() + ${outcome.retryInMs}::int * interval '1 millisecond',
                  lease_owner = NULL, lease_expires_at = NULL, last_error = ${lastError}, updated_at = now()
              WHERE id = ${id}
              RETURNING ${jobColumns}`
          : await tx.$queryRaw<RawJob[]>`
              UPDATE cluster_jobs
              SET status = 'failed', lease_expires_at = NULL, last_error = ${lastError},
                  finished_at = now(), updated_at = now()
              WHERE id = ${id}
              RETURNING ${jobColumns}`;
      return rows[0] ? fromRaw(rows[0]) : null;
    });
  }

  async list(filter: ListJobsFilter): Promise<ClusterJob[]> {
    const limit = Math.min(maxListLimit, Math.max(1, Math.floor(filter.limit)));
    const rows = await this.db.clusterJob.findMany({
      where: { status: filter.status, clusterId: filter.clusterId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
    });
    return rows.map(fromRow);
  }

  async get(id: string): Promise<ClusterJob | null> {
    const row = await this.db.clusterJob.findUnique({ where: { id } });
    return row ? fromRow(row) : null;
  }

  /**
   * A job whose runner died on its last allowed attempt is failed rather
   * than leased again: the same input would likely kill the next runner too.
   */
  private async failExhaustedLeases(): Promise<void> {
    await this.db.$executeRaw`
      UPDATE cluster_jobs
      SET status = 'failed', lease_expires_at = NULL, finished_at = now(), updated_at = now(),
          last_error = left(
            'attempt ' || attempts || ' of ' || max_attempts || ': runner ' || coalesce(lease_owner, 'unknown')
            || ' stopped renewing its lease without reporting a result; no attempts left'
            || coalesce(' (previous error: ' || last_error || ')', ''),
            4000)
      WHERE status = 'running' AND lease_expires_at <= now() AND attempts >= max_attempts`;
  }
}

function leaseAssignments(owner: string, leaseMs: number): Prisma.Sql {
  return Prisma.sql`
    status = 'running', lease_owner = ${owner},
    lease_expires_at = now() + ${Math.round(leaseMs)}::int * interval '1 millisecond',
    attempts = cluster_jobs.attempts + 1, started_at = now(), updated_at = now()`;
}

type RawJob = Omit<ClusterJob, "status"> & { status: string };

function fromRaw(raw: RawJob): ClusterJob {
  return { ...raw, status: clusterJobStatusSchema.parse(raw.status) };
}

function fromRow(row: ClusterJobRow): ClusterJob {
  return {
    id: row.id,
    clusterId: row.clusterId,
    operationId: row.operationId,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAfter: row.runAfter,
    leaseOwner: row.leaseOwner,
    leaseExpiresAt: row.leaseExpiresAt,
    lastError: row.lastError,
    payload: row.payload as JsonValue,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
