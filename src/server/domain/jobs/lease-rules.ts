import type { ClusterJob } from "./cluster-job";

/**
 * Lease rules shared by the SQL in the job store and by anything reasoning
 * about a row in memory. A lease is a promise by one runner to finish or
 * renew before it expires; once it has expired anyone may take the job over.
 */
export function isLeasable(job: Pick<ClusterJob, "status" | "runAfter" | "leaseExpiresAt">, now: Date): boolean {
  if (job.status === "pending") return job.runAfter.getTime() <= now.getTime();
  if (job.status === "running") return job.leaseExpiresAt !== null && job.leaseExpiresAt.getTime() <= now.getTime();
  return false;
}

/**
 * A running job whose lease expired on its last allowed attempt has used up
 * its attempts without reporting a result (its runner crashed or hung every
 * time); running it again would likely crash the next runner too, so it is
 * marked dead instead of leased.
 */
export function isExhaustedAfterLeaseExpiry(job: Pick<ClusterJob, "status" | "attempts" | "maxAttempts" | "leaseExpiresAt">, now: Date): boolean {
  return (
    job.status === "running" &&
    job.leaseExpiresAt !== null &&
    job.leaseExpiresAt.getTime() <= now.getTime() &&
    job.attempts >= job.maxAttempts
  );
}

/**
 * Renew well before expiry: a third of the lease leaves two chances to renew
 * if one round trip to the database is slow or fails.
 */
export function leaseRenewIntervalMs(leaseMs: number): number {
  return Math.max(50, Math.floor(leaseMs / 3));
}

export const maxLastErrorLength = 4_000;

/** Keeps last_error readable in the admin view and bounded in the database. */
export function trimErrorText(text: string, max: number = maxLastErrorLength): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const marker = ` … [${clean.length - max} more characters]`;
  return clean.slice(0, Math.max(0, max - marker.length)) + marker;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function unknownKindError(kind: string): string {
  return `no handler is registered for job kind '${kind}' — upgrade the worker`;
}
