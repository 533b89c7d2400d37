/**
 * How long rows of the tables that grow without bound are kept (docs/retention.md). One entry per table, in the
 * order a retention pass walks them: finished jobs go before the operations they point at, so deleting an
 * operation rarely has a job row left to set `operation_id = NULL` on.
 */
export const retentionTables = [
  "audit_events",
  "node_events",
  "cluster_jobs",
  "cluster_operations",
  "notification_deliveries",
  "sessions",
  "join_sessions",
  "email_verification_codes",
  "password_resets",
] as const;
export type RetentionTable = (typeof retentionTables)[number];

/** Days each table's eligible rows are kept; 0 keeps them forever. */
export type RetentionDays = Record<RetentionTable, number>;

/**
 * The defaults: the audit trail for a year (an account's history is asked about long after the fact), what
 * operators look at when something went wrong for a month, a cluster's operation history for a quarter, and
 * single-use secrets (email codes, reset links) only a week past their expiry, as a trace of abuse.
 */
export const DEFAULT_RETENTION_DAYS: RetentionDays = {
  audit_events: 365,
  node_events: 30,
  cluster_jobs: 30,
  cluster_operations: 90,
  notification_deliveries: 30,
  sessions: 30,
  join_sessions: 30,
  email_verification_codes: 7,
  password_resets: 7,
};

const DAY_MS = 24 * 3600_000;

/** Rows whose retention clock started before this are eligible; null when the table is kept forever. */
export function retentionCutoff(days: number, now: Date): Date | null {
  return days > 0 ? new Date(now.getTime() - days * DAY_MS) : null;
}
