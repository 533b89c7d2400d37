import type pg from "pg";
import { newId } from "@/server/domain/ids";
import {
  clusterJobStatuses,
  defaultMaxAttempts,
  type ClusterJob,
  type ClusterJobStatus,
  type EnqueueJobInput,
  type JsonValue,
  type LeasedJob,
  type ListJobsFilter,
} from "@/server/domain/jobs/cluster-job";
import { trimErrorText } from "@/server/domain/jobs/lease-rules";
import { decideFailureOutcome, defaultBackoffPolicy, type BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { CompleteAndLeaseResult, JobCount, JobQueueStats, JobStore } from "@/server/services/jobs/job-store";
import { pgPoolOf, type Prisma, type ClusterJob as ClusterJobRow, type Db } from "./client";
import * as statements from "./job-lease-statements";

/** A Prisma client or the `tx` of an interactive transaction. */
export type DbTransaction = Prisma.TransactionClient;

export interface PrismaJobStoreOptions {
  backoff?: BackoffPolicy;
  /** Injectable for tests; used for backoff jitter. */
  random?: () => number;
  /**
   * While pending work keeps coming, how often a lease also looks at expired
   * leases (takeover, dead marking). Default 1 s: crash recovery under load
   * is the lease length plus at most this. An empty pending pick always looks.
   */
  expiryCheckIntervalMs?: number;
}

const maxListLimit = 500;

/**
 * cluster_jobs as a lease queue. Enqueue and the admin reads go through
 * Prisma (enqueue joins the caller's transaction); the lease round trips go
 * straight to the same pg pool as prepared statements (job-lease-statements.ts),
 * because they run once per job and Prisma's query layer cost more than the
 * queries themselves. Leasing uses `FOR UPDATE SKIP LOCKED`, so competing
 * runners never wait on or take the same row; every owner-scoped write
 * re-checks lease_owner.
 */
export class PrismaJobStore implements JobStore<DbTransaction> {
  private readonly pool: pg.Pool;
  private readonly backoff: BackoffPolicy;
  private readonly random: () => number;
  private readonly expiryCheckIntervalMs: number;
  private expiryCheckDueAt = 0;

  constructor(
    private readonly db: Db,
    options: PrismaJobStoreOptions = {},
  ) {
    this.pool = pgPoolOf(db);
    this.backoff = options.backoff ?? defaultBackoffPolicy;
    this.random = options.random ?? Math.random;
    this.expiryCheckIntervalMs = options.expiryCheckIntervalMs ?? 1_000;
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

  async leaseNext(owner: string, leaseMs: number): Promise<LeasedJob | null> {
    return (await this.finishAndLease(null, owner, leaseMs)).next;
  }

  completeAndLeaseNext(id: string, owner: string, leaseMs: number): Promise<CompleteAndLeaseResult> {
    return this.finishAndLease(id, owner, leaseMs);
  }

  async leaseById(id: string, owner: string, leaseMs: number): Promise<LeasedJob | null> {
    const { rows } = await this.pool.query<statements.LeasedJobRow>(statements.leaseById(id, owner, leaseMsParam(leaseMs)));
    return rows[0] ? statements.leasedJobFromRow(rows[0]) : null;
  }

  async renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(statements.renewLease(id, owner, leaseMsParam(leaseMs)));
    return rowCount === 1;
  }

  async complete(id: string, owner: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(statements.complete(id, owner));
    return rowCount === 1;
  }

  async fail(id: string, owner: string, error: string, options: { retry: boolean }): Promise<ClusterJob | null> {
    const lastError = trimErrorText(error) || "job failed without an error message";
    // No transaction needed: the write below only applies while the lease we read is still ours
    // (same owner, same attempt), so a takeover in between makes it a no-op.
    const held = (await this.pool.query<{ attempts: number; maxAttempts: number }>(statements.heldAttempts(id, owner))).rows[0];
    if (!held) return null;
    const outcome = decideFailureOutcome({ ...held, retry: options.retry, policy: this.backoff, random: this.random });
    const statement =
      outcome.status === "pending"
        ? statements.retryLater(id, owner, held.attempts, outcome.retryInMs, lastError)
        : statements.finishUnsuccessfully(id, owner, held.attempts, outcome.status, lastError);
    const { rows } = await this.pool.query<statements.JobRow>(statement);
    return rows[0] ? statements.jobFromRow(rows[0]) : null;
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

  async stats(now: Date): Promise<JobQueueStats> {
    const [groups, oldestPending, expiredLeases] = await Promise.all([
      this.db.clusterJob.groupBy({ by: ["status"], _count: { _all: true } }),
      this.db.clusterJob.findFirst({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
      this.db.clusterJob.count({ where: { status: "running", leaseExpiresAt: { lt: now } } }),
    ]);
    const byStatus = Object.fromEntries(clusterJobStatuses.map((s) => [s, 0])) as Record<ClusterJobStatus, number>;
    for (const g of groups) byStatus[g.status] = g._count._all;
    return { byStatus, oldestPendingCreatedAt: oldestPending?.createdAt ?? null, expiredLeases };
  }

  async countByKindAndStatus(): Promise<JobCount[]> {
    const groups = await this.db.clusterJob.groupBy({ by: ["kind", "status"], _count: { _all: true } });
    return groups.map((g) => ({ kind: g.kind, status: g.status, count: g._count._all }));
  }

  async get(id: string): Promise<ClusterJob | null> {
    const row = await this.db.clusterJob.findUnique({ where: { id } });
    return row ? fromRow(row) : null;
  }

  /**
   * Records `finishedId`'s success (if any) and leases the next job. The cheap
   * statement only looks at pending work; expired leases are looked at when
   * that finds nothing and at least every expiryCheckIntervalMs, because
   * their scan reads every running row (job-lease-statements.ts).
   */
  private async finishAndLease(finishedId: string | null, owner: string, leaseMs: number): Promise<CompleteAndLeaseResult> {
    const ms = leaseMsParam(leaseMs);
    if (Date.now() >= this.expiryCheckDueAt) return this.finishAndLeaseAny(finishedId, owner, ms);
    const result = await this.runFinishAndLease(statements.finishAndLeaseDue(finishedId, owner, ms));
    if (result.next) return result;
    const { next } = await this.finishAndLeaseAny(null, owner, ms);
    return { completed: result.completed, next };
  }

  private finishAndLeaseAny(finishedId: string | null, owner: string, leaseMs: number): Promise<CompleteAndLeaseResult> {
    this.expiryCheckDueAt = Date.now() + this.expiryCheckIntervalMs;
    return this.runFinishAndLease(statements.finishAndLeaseAny(finishedId, owner, leaseMs));
  }

  private async runFinishAndLease(statement: statements.NamedStatement): Promise<CompleteAndLeaseResult> {
    const { rows } = await this.pool.query<(statements.LeasedJobRow & { completed: number }) | { completed: number; id: null }>(statement);
    const row = rows[0];
    if (!row) throw new Error("the lease statement returned no row; it always returns exactly one");
    return { completed: row.completed === 1, next: row.id === null ? null : statements.leasedJobFromRow(row) };
  }
}

function leaseMsParam(leaseMs: number): number {
  const ms = Math.round(leaseMs);
  // The statements bind it as int4.
  if (!Number.isInteger(ms) || ms < 1 || ms > 2_147_483_647) {
    throw new RangeError(`leaseMs must be between 1 ms and about 24 days (got ${leaseMs})`);
  }
  return ms;
}

function fromRow(row: ClusterJobRow): ClusterJob {
  return statements.jobFromRow({ ...row, payload: row.payload as JsonValue });
}
