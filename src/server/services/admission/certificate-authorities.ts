import {
  AUTHORITY_VALIDITY_MS,
  authoritiesToRetire,
  authorityRotationDue,
  CLOCK_SKEW_MS,
  liveAuthorities,
} from "@/server/domain/admission/certificate-schedule";
import { newId } from "@/server/domain/ids";
import { lockUntilCommit, type AdmissionCertificateAuthority, type Prisma } from "@/server/infra/db/client";
import type { AdmissionCertificateDeps } from "./admission-deps";

export type StoredCertificateAuthority = AdmissionCertificateAuthority;

type Reader = Pick<Prisma.TransactionClient, "admissionCertificateAuthority">;

const readAll = (db: Reader) => db.admissionCertificateAuthority.findMany({ where: { retiredAt: null } });

/**
 * The platform's admission CAs that are in force, newest first, after making sure one exists and is not near its end:
 * a missing CA, or a newest one with under a fifth of its life left, gets a new one; expired ones are retired. Two
 * processes starting on a fresh database serialise on an advisory lock and create one CA, not two.
 */
export async function ensureCertificateAuthorities(deps: AdmissionCertificateDeps): Promise<StoredCertificateAuthority[]> {
  const now = deps.now();
  const unretired = await readAll(deps.db);
  const current = liveAuthorities(unretired, now);
  if (!authorityRotationDue(current[0] ?? null, now) && authoritiesToRetire(unretired, now).length === 0) return current;

  return deps.db.$transaction(async (tx) => {
    await lockUntilCommit(tx, "admissionCertificateAuthority");
    const all = await readAll(tx);
    const retire = authoritiesToRetire(all, now);
    if (retire.length > 0) await tx.admissionCertificateAuthority.updateMany({ where: { id: { in: retire.map((a) => a.id) } }, data: { retiredAt: now } });
    const live = liveAuthorities(all, now);
    if (!authorityRotationDue(live[0] ?? null, now)) return live;
    // ECDSA P-256: key generation and signing take milliseconds, so the lock is not held for long.
    const notBefore = new Date(now.getTime() - CLOCK_SKEW_MS);
    const minted = await deps.minter.createAuthority({
      commonName: `kubebyon admission CA ${now.toISOString().slice(0, 10)}`,
      notBefore,
      notAfter: new Date(notBefore.getTime() + AUTHORITY_VALIDITY_MS),
    });
    const created = await tx.admissionCertificateAuthority.create({
      data: {
        id: newId("aca"),
        certificatePem: minted.certificatePem,
        encryptedPrivateKey: deps.secretBox.seal(minted.privateKeyPem),
        notBefore: minted.notBefore,
        notAfter: minted.notAfter,
        createdAt: now,
      },
    });
    return [created, ...live];
  });
}

/** The caBundle every vCluster's webhook configuration carries: every CA in force, PEM concatenated, newest first. */
export function caBundleOf(authorities: Pick<StoredCertificateAuthority, "certificatePem">[]): string {
  return authorities.map((a) => (a.certificatePem.endsWith("\n") ? a.certificatePem : `${a.certificatePem}\n`)).join("");
}
