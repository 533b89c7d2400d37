import { servingCertificateReissueDue, servingCertificateValidity, signingAuthority } from "@/server/domain/admission/certificate-schedule";
import type { AdmissionCertificateDeps } from "./admission-deps";
import { ensureCertificateAuthorities } from "./certificate-authorities";
import type { IssuedCertificate } from "./ports";

/** A web process's serving certificate: its key lives only in memory, so each process issues its own. */
export interface ServingCertificate extends IssuedCertificate {
  authorityId: string;
}

/** The name the vClusters' apiservers verify: KUBEBYON_ADMISSION_WEBHOOK_URL's host (a DNS name or an IP address). */
export function servingHostOf(webhookUrl: string): string {
  return new URL(webhookUrl).hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * A new serving certificate when one is due (none yet, 2/3 of its life passed, or another CA should sign now), else
 * null: the caller keeps the one it serves. The CA is ensured (created or rotated) first.
 */
export async function renewServingCertificate(
  deps: AdmissionCertificateDeps,
  webhookUrl: string,
  current: ServingCertificate | null,
): Promise<ServingCertificate | null> {
  const now = deps.now();
  const authority = signingAuthority(await ensureCertificateAuthorities(deps), now);
  if (!authority) throw new Error("no admission CA in force after ensuring one");
  if (!servingCertificateReissueDue(current, authority.id, now)) return null;
  const issued = await deps.minter.issueServingCertificate({
    authority: { certificatePem: authority.certificatePem, privateKeyPem: deps.secretBox.open(authority.encryptedPrivateKey) },
    hosts: [servingHostOf(webhookUrl)],
    ...servingCertificateValidity(authority, now),
  });
  return { ...issued, authorityId: authority.id };
}
