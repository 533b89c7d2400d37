import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/prisma/client";

// Model types (User, Cluster, ClusterJob, ...), enums (ClusterStatus, UserRole, ...) and the
// Prisma namespace (Prisma.ClusterWhereInput, Prisma.JsonValue, error classes) come from here,
// so no other module imports the generated folder directly.
export * from "./generated/prisma/client";

// What services need beyond the client itself, so that this is the one infra module they import
// and SQL text stays in this folder.
export { lockRowForUpdate, lockSharedUntilCommit, lockUntilCommit, type LockableRow, type TransactionLockName } from "./locks";
export { isUniqueViolation } from "./unique-violation";
export { claimDueNotificationDeliveries } from "./notification-claim-statements";
export { readClusterPage, type ClusterPageQuery, type ClusterViewRow } from "./cluster-page-statement";
export { deleteRetentionBatch } from "./retention-statements";

export type Db = PrismaClient;

// Per process, not per module instance: Next bundles this module into more than one chunk (the runtime made at
// start-up and a route handler's copy), and a client made by one copy must find its pool from the other.
const POOLS_KEY = Symbol.for("kubebyon.prisma-pg-pools");
const registry = globalThis as typeof globalThis & { [POOLS_KEY]?: WeakMap<Db, pg.Pool> };
const pools = (registry[POOLS_KEY] ??= new WeakMap<Db, pg.Pool>());

// One client per process (web, worker, test); each owns one pg pool, shared with the hot statements
// (see pgPoolOf) and closed by $disconnect().
export function createPrismaClient(connectionString: string): Db {
  return prismaClientOnPool(new pg.Pool({ connectionString }));
}

/**
 * A client on a pool made by the caller (one whose statements a test records, for instance); the pool becomes
 * the client's: shared with the hot statements and closed by $disconnect(). `log` as PrismaClient takes it.
 */
export function prismaClientOnPool(pool: pg.Pool, log?: Prisma.LogDefinition[]): Db {
  // An idle connection that drops is discarded by the pool and the next query opens a new one; without
  // a listener the 'error' event would crash the process (Prisma adds its own only once it connects).
  pool.on("error", () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), ...(log ? { log } : {}) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool behind a client made by createPrismaClient. Only for statements
 * on a hot path where Prisma's query layer costs more than the query itself
 * (the job queue's lease/complete round trips, the cluster list's page: docs/benchmarks.md).
 */
export function pgPoolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("this Prisma client was not made by createPrismaClient(), so it has no pg pool to share");
  return pool;
}

/** Resolves once the database answers a query: the readiness probe. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
