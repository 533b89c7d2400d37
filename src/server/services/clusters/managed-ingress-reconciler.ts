import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ManagedIngressControllerProfile, ManagedIngressHealth } from "@/server/domain/managed-ingress/controller-profile";

/**
 * Port: the managed workload ingress controller inside one vCluster, reached
 * with the platform's credentials for that vCluster. Implemented with the helm
 * CLI in src/server/infra/kube/helm-managed-ingress-reconciler.ts; what is
 * installed and what "healthy" means come from the profile.
 */

export interface ManagedIngressCall {
  credentials: ClusterCredentials;
  signal?: AbortSignal;
}

/** What ensure did: nothing (a healthy release with these values and chart), or a helm install/upgrade. */
export type EnsureOutcome = { action: "unchanged" | "installed" | "upgraded"; revision: number };

export interface ManagedIngressReconciler {
  readonly profile: ManagedIngressControllerProfile;
  /**
   * Installs or upgrades the release unless it is deployed, healthy and has the profile's values and the
   * configured chart version; then returns without waiting for readiness (see status). Throws
   * NoReadyNodeError (domain/managed-ingress/no-ready-node.ts) before helm runs when the vCluster has no
   * Ready node, since the chart's hook Jobs could not run.
   */
  ensure(call: ManagedIngressCall): Promise<EnsureOutcome>;
  /** Reads the profile's readiness checks; never changes anything. */
  status(call: ManagedIngressCall): Promise<ManagedIngressHealth>;
  /** helm uninstall (an absent release is fine) plus the profile's orphans; returns what the cleanup deleted. */
  disable(call: ManagedIngressCall): Promise<{ uninstalled: boolean; orphansDeleted: string[] }>;
}
