import type { BackgroundTask } from "@/server/services/background/background-task";
import type { Logger } from "@/server/observability/logger";
import type { AdmissionCertificateDeps } from "./admission-deps";
import { renewServingCertificate, type ServingCertificate } from "./serving-certificate";

/** How often a web process checks whether its serving certificate (or the CA) is due for renewal. */
export const SERVING_CERTIFICATE_CHECK_MS = 15 * 60_000;

export interface ServingCertificateRenewalDeps {
  certificates: AdmissionCertificateDeps;
  webhookUrl: string;
  log: Logger;
  /** The certificate the listener serves now. */
  current(): ServingCertificate;
  /** Swaps the listener's certificate in place. */
  install(renewed: ServingCertificate): void;
}

/**
 * Keeps the admission webhook's serving certificate fresh in each web process that serves the webhook
 * (docs/admission-webhook.md): re-issued before it expires or when another CA should sign, swapped on the listener
 * without a restart.
 */
export const servingCertificateRenewalTask: BackgroundTask<ServingCertificateRenewalDeps, ServingCertificate | null> = {
  name: "admission-serving-certificate",
  scope: "each-process",
  intervalMs: () => SERVING_CERTIFICATE_CHECK_MS,
  async run(deps) {
    const renewed = await renewServingCertificate(deps.certificates, deps.webhookUrl, deps.current());
    if (renewed) deps.install(renewed);
    return renewed;
  },
  summary: (renewed) =>
    renewed ? { level: "info", message: "admission webhook serving certificate renewed", fields: { authority_id: renewed.authorityId, not_after: renewed.notAfter.toISOString() }, changed: true } : undefined,
};
