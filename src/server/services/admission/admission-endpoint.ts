import { admissionUrlToken } from "@/server/domain/admission/admission-url-token";
import type { AdmissionEndpointDeps } from "./admission-deps";
import { caBundleOf, ensureCertificateAuthorities } from "./certificate-authorities";

/** Where a vCluster's ValidatingWebhookConfiguration points, and the CAs it must trust for it. */
export interface AdmissionEndpoint {
  nodesUrl: string;
  podsUrl: string;
  /** Every CA in force, PEM concatenated, newest first (a rotation overlaps until the old CA expires). */
  caBundlePem: string;
}

/** The per-cluster path `/admission/v1/clusters/{cluster_id}/{token}` under KUBEBYON_ADMISSION_WEBHOOK_URL. */
export function admissionClusterPath(authSecret: string, clusterId: string): string {
  return `/admission/v1/clusters/${encodeURIComponent(clusterId)}/${admissionUrlToken(authSecret, clusterId)}`;
}

/**
 * The webhook URLs for one cluster and the caBundle to trust (creating or rotating the platform CA when due, so the
 * first configuration written never carries an empty bundle). Does not check the cluster exists: the caller writes
 * the configuration of a cluster it already holds.
 */
export async function resolveAdmissionEndpoint(deps: AdmissionEndpointDeps, clusterId: string): Promise<AdmissionEndpoint> {
  const authorities = await ensureCertificateAuthorities(deps);
  const base = `${deps.webhookUrl.replace(/\/+$/, "")}${admissionClusterPath(deps.authSecret, clusterId)}`;
  return { nodesUrl: `${base}/nodes`, podsUrl: `${base}/pods`, caBundlePem: caBundleOf(authorities) };
}
