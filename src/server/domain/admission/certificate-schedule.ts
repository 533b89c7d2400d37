/**
 * When the platform's admission CA and each web process's serving certificate are replaced (docs/admission-webhook.md
 * "CA and rotation"). Pure, so the thresholds are tested without a clock.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A CA lives 5 years; a new one is made when the newest has less than 1/5 of its life left (one year). */
export const AUTHORITY_VALIDITY_MS = 5 * 365 * DAY_MS;
/** Serving certificates live 30 days and are re-issued after 2/3 of that (day 20). */
export const SERVING_CERTIFICATE_VALIDITY_MS = 30 * DAY_MS;
/**
 * A new CA signs only once it is this old: the configuration helper puts it into every vCluster's caBundle on its next
 * pass (KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS, at most an hour in practice); a day leaves room for a pass
 * that failed. Until then the previous CA, still valid for about a year, keeps signing.
 */
export const AUTHORITY_PROPAGATION_MS = DAY_MS;
/** Certificates start a little in the past so a vCluster whose clock lags does not reject a fresh one. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface Validity {
  notBefore: Date;
  notAfter: Date;
}

export interface StoredAuthority extends Validity {
  id: string;
  createdAt: Date;
}

const lifetime = (v: Validity) => v.notAfter.getTime() - v.notBefore.getTime();

/** A new CA is due when there is none, or the newest has less than a fifth of its validity left. */
export function authorityRotationDue(newest: Validity | null, now: Date): boolean {
  if (!newest) return true;
  return newest.notAfter.getTime() - now.getTime() < lifetime(newest) / 5;
}

/** Live CAs (not expired, not retired), newest first: the caBundle every vCluster trusts. */
export function liveAuthorities<A extends StoredAuthority & { retiredAt: Date | null }>(all: A[], now: Date): A[] {
  return all
    .filter((a) => a.retiredAt === null && a.notAfter.getTime() > now.getTime())
    .sort((a, b) => b.notBefore.getTime() - a.notBefore.getTime() || b.createdAt.getTime() - a.createdAt.getTime());
}

/** CAs to mark retired: expired ones nobody retired yet (they have left every caBundle already). */
export function authoritiesToRetire<A extends Validity & { retiredAt: Date | null }>(all: A[], now: Date): A[] {
  return all.filter((a) => a.retiredAt === null && a.notAfter.getTime() <= now.getTime());
}

/**
 * The CA that signs serving certificates: the newest live one that has had time to reach every caBundle, else (a
 * fresh platform, or only fresh CAs) the newest live one. `live` is newest first (liveAuthorities).
 */
export function signingAuthority<A extends StoredAuthority>(live: A[], now: Date): A | null {
  const settled = live.find((a) => now.getTime() - a.createdAt.getTime() >= AUTHORITY_PROPAGATION_MS);
  return settled ?? live[0] ?? null;
}

/** The validity of a serving certificate issued now: 30 days, never past its CA's end. */
export function servingCertificateValidity(authority: Validity, now: Date): Validity {
  const notAfter = Math.min(now.getTime() + SERVING_CERTIFICATE_VALIDITY_MS, authority.notAfter.getTime());
  return { notBefore: new Date(now.getTime() - CLOCK_SKEW_MS), notAfter: new Date(notAfter) };
}

/** A serving certificate is re-issued when there is none, 2/3 of its life has passed, or another CA should sign now. */
export function servingCertificateReissueDue(current: (Validity & { authorityId: string }) | null, signingAuthorityId: string, now: Date): boolean {
  if (!current) return true;
  if (current.authorityId !== signingAuthorityId) return true;
  return now.getTime() >= current.notBefore.getTime() + (lifetime(current) * 2) / 3;
}
