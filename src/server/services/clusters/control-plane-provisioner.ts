import type { NamespaceQuotaSpec } from "@/server/domain/clusters/control-plane-quota";

/**
 * Port: everything the cluster runtime does to the HOST cluster to run one
 * vCluster control plane. Every method is idempotent, so a job that crashed
 * half-way converges when it runs again. The helm implementation lives in
 * src/server/infra/kube/helm-control-plane-provisioner.ts.
 */

export const MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
export const MANAGED_BY_VALUE = "kubebyon";
export const CLUSTER_ID_LABEL = "kubebyon.io/cluster-id";
export const OWNER_ID_LABEL = "kubebyon.io/owner-id";

/** Labels on every host object the platform creates for a cluster (found again by cluster or owner). */
export function clusterOwnerLabels(input: { clusterId: string; ownerId: string }): Record<string, string> {
  return {
    [CLUSTER_ID_LABEL]: input.clusterId,
    [OWNER_ID_LABEL]: input.ownerId,
    [MANAGED_BY_LABEL]: MANAGED_BY_VALUE,
  };
}

/** Host-namespace limits computed from the cluster's plan (domain/clusters/control-plane-quota.ts). */
export type NamespaceQuota = NamespaceQuotaSpec;

export interface ControlPlaneProvisioner {
  /**
   * Creates the namespace or, when it exists, sets the labels on it; with KUBEBYON_TENANT_CLUSTER_ROLE
   * also binds that ClusterRole to the platform there (the rights every later step uses).
   */
  ensureNamespace(input: { namespace: string; labels: Record<string, string> }): Promise<void>;
  /** Creates or replaces ResourceQuota and LimitRange `kubebyon-quota` (exactly these entries: others are removed). */
  applyQuota(input: { namespace: string; quota: NamespaceQuota }): Promise<void>;
  /** Copies the vCluster Platform API key Secret into the namespace (create or replace). */
  copyPlatformSecret(input: { namespace: string }): Promise<void>;
  /** `helm upgrade --install` of the vCluster chart; helm's stderr is the error message. */
  installOrUpgrade(input: { releaseName: string; namespace: string; values: Record<string, unknown>; signal?: AbortSignal }): Promise<void>;
  /** Resolves once vCluster has exported its kubeconfig (Secret vc-<release>). */
  waitForControlPlane(input: { namespace: string; releaseName: string; timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  /** `helm uninstall`; a release that is already gone is success. */
  uninstall(input: { releaseName: string; namespace: string; signal?: AbortSignal }): Promise<void>;
  /** Deletes the namespace and waits until it is gone; an absent namespace is success. */
  deleteNamespace(input: { namespace: string; timeoutMs: number; signal?: AbortSignal }): Promise<void>;
}
