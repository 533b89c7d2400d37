import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { AdmissionEndpoint, ValidatingWebhookConfigurationManifest } from "@/server/domain/admission/webhook-configuration";

/**
 * Port: the platform's ValidatingWebhookConfiguration inside one vCluster, through its admin credentials.
 * Implemented in src/server/infra/kube/admission-webhook-configuration-store.ts. Failures throw
 * AdmissionClusterWriteError (domain/admission/cluster-write-error.ts).
 */
export interface AdmissionWebhookConfigurationStore {
  /** The hash annotation of the configuration in the cluster: null when it does not exist, "" when it has none. */
  readAppliedHash(credentials: ClusterCredentials): Promise<string | null>;
  /** Server-side apply (the platform's field manager, forced: the object is the platform's alone). */
  apply(credentials: ClusterCredentials, manifest: ValidatingWebhookConfigurationManifest): Promise<void>;
  /** Deletes it; one that does not exist counts as deleted. */
  delete(credentials: ClusterCredentials): Promise<void>;
}

/**
 * Port: where a vCluster's apiserver calls the platform for one cluster, and the CA bundle it trusts. The webhook
 * handler owns the URL scheme and the platform CA (resolveAdmissionEndpoint, wired in composition).
 */
export type AdmissionEndpointResolver = (clusterId: string) => Promise<AdmissionEndpoint>;
