import type { Prisma } from "./generated/prisma/client";

type Tx = Prisma.TransactionClient;

/**
 * Every transaction-scoped advisory lock the platform takes, by name. The
 * strings are the hashtext() inputs: renaming one would let an old and a new
 * process enter the same critical section at once during a rolling deploy, so
 * they stay as first written. hashtext() gives an int4, so none of them can
 * meet the migration lock (a bigint above that range) in the one-key space.
 */
const transactionLockKeys = {
  /** Role/status changes to accounts, so two admins cannot demote or disable each other at once. */
  adminUserChanges: () => "admin-user-changes",
  /** Web and worker starting together on a fresh database create one first admin. */
  firstAdmin: () => "kubebyon.first-admin",
  systemSettings: () => "system-settings",
  notificationDeliverySettings: () => "notification-delivery-settings",
  /** At most one default plan. */
  billingDefaultPlan: () => "billing-default-plan",
  /** A user's clusters are counted against the plan under this, so two creates cannot both take the last slot. */
  clusterQuota: (userId: string) => `cluster-quota:${userId}`,
  /** A user's payments, so two renewals of one plan cannot both start at the same end. */
  billingUser: (userId: string) => `billing-user:${userId}`,
  /** Web replicas and workers starting together on a fresh database create one admission CA (and one rotation). */
  admissionCertificateAuthority: () => "admission-certificate-authority",
} satisfies Record<string, (...key: string[]) => string>;

export type TransactionLockName = keyof typeof transactionLockKeys;

/**
 * Session-level advisory locks, held on a dedicated connection rather than a
 * transaction (migrate.ts, pg-advisory-claims.ts).
 */
export const sessionLocks = {
  /** One bigint key: every process that migrates this database serialises on it. */
  migrations: "7262041985331701",
  /** First key of the two-key locks the node observer claims a cluster with ("KBNO"); the second is hashtext(cluster id). */
  nodeObserverClaimsClass: 0x4b424e4f,
  /** First key of the locks that elect one process per platform-wide loop ("KBLL"); the second is hashtext(loop name). */
  loopLeadershipClass: 0x4b424c4c,
  /**
   * One DNS automation pass at a time across web and workers, so two never create the same record
   * (pg-session-lock.ts; hashtext of this string). Earlier releases took the same key as a transaction
   * lock, and both kinds share one key space, so old and new processes exclude each other during a rollout.
   */
  managedDnsSync: "managed-dns-sync",
  /** One workload edge pass at a time across web and workers (the loop's leader, "sync now" after a change). */
  workloadEdgeSync: "workload-edge-sync",
  /** One admission webhook configuration pass at a time across web and workers (the loop's leader, "sync now" after a plan or order change). */
  admissionWebhookSync: "admission-webhook-sync",
} as const;

/**
 * Takes the named advisory lock until the transaction ends (commit or
 * rollback). `tx` must be an interactive transaction: on a bare client the
 * lock would end with the statement.
 */
export async function lockUntilCommit<Name extends TransactionLockName>(
  tx: Tx,
  name: Name,
  ...key: Parameters<(typeof transactionLockKeys)[Name]>
): Promise<void> {
  const lockKey: (...key: string[]) => string = transactionLockKeys[name];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lockKey(...key)}))`;
}

/**
 * The shared form of lockUntilCommit: any number of transactions hold it together, and the exclusive form
 * waits for all of them (and they for it). For work that only needs what the lock guards to stay still, such
 * as a create reading the settings a settings change re-derives everything from, so creates of different
 * users no longer queue behind each other (bench:create, docs/benchmarks.md).
 */
export async function lockSharedUntilCommit<Name extends TransactionLockName>(
  tx: Tx,
  name: Name,
  ...key: Parameters<(typeof transactionLockKeys)[Name]>
): Promise<void> {
  const lockKey: (...key: string[]) => string = transactionLockKeys[name];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${lockKey(...key)}))`;
}

/** The rows use cases lock before they read, check and write them; one static statement each. */
const rowLockStatements = {
  cluster: (tx: Tx, id: string) => tx.$queryRaw<unknown[]>`SELECT id FROM clusters WHERE id = ${id} FOR UPDATE`,
  plan: (tx: Tx, id: string) => tx.$queryRaw<unknown[]>`SELECT id FROM plans WHERE id = ${id} FOR UPDATE`,
  order: (tx: Tx, id: string) => tx.$queryRaw<unknown[]>`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`,
  /** The wrapper's reports and the CSR watcher append to one timeline; the lock orders their sequence numbers. */
  joinSession: (tx: Tx, id: string) => tx.$queryRaw<unknown[]>`SELECT id FROM join_sessions WHERE id = ${id} FOR UPDATE`,
};

export type LockableRow = keyof typeof rowLockStatements;

/**
 * `SELECT … FOR UPDATE` of one row by id, held until the transaction ends, so
 * concurrent writers of that row queue behind this one. False when there is
 * no such row.
 */
export async function lockRowForUpdate(tx: Tx, row: LockableRow, id: string): Promise<boolean> {
  return (await rowLockStatements[row](tx, id)).length > 0;
}
