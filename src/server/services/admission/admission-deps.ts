import type { DenialSampler } from "@/server/domain/admission/denial-sampler";
import type { AdmissionMetrics } from "@/server/observability/admission-metrics";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { AdmissionUsageReader, CertificateMinter, SecretBox } from "./ports";

/** The platform CA (certificate-authorities.ts): the store, the key sealing and the X.509 minting. */
export interface AdmissionCertificateDeps extends Pick<ServiceDeps, "db" | "now"> {
  minter: CertificateMinter;
  /** Seals the CA private keys in admission_certificate_authorities.encrypted_private_key. */
  secretBox: SecretBox;
}

/** What resolveAdmissionEndpoint needs: the CA, the base URL the vClusters call and the secret behind the path tokens. */
export interface AdmissionEndpointDeps extends AdmissionCertificateDeps {
  /** KUBEBYON_ADMISSION_WEBHOOK_URL without a trailing slash. */
  webhookUrl: string;
  /** KUBEBYON_AUTH_SECRET: the per-cluster path token's key is derived from it. */
  authSecret: string;
}

/** What reviewAdmission needs to answer one AdmissionReview. */
export interface AdmissionReviewDeps extends ServiceDeps, ClusterConnectionDeps {
  authSecret: string;
  usage: AdmissionUsageReader;
  /** Budget for reading the vCluster's usage: below KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS, so the answer is in time. */
  usageTimeoutMs: number;
  metrics: AdmissionMetrics;
  /** Per process: at most one activity record per (cluster, reason) per minute. */
  sampler: DenialSampler;
}
