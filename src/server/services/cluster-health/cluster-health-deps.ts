import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneReadiness } from "./control-plane-readiness";

/** The control-plane health settings in milliseconds (KUBEBYON_CONTROL_PLANE_HEALTH_*, KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS). */
export interface ControlPlaneHealthSettings {
  /** Per cluster: resolving its connection and GET /readyz together. */
  timeoutMs: number;
  /** How long probes must keep failing before connected turns unreachable. */
  unreachableAfterMs: number;
  /** Clusters probed at once. */
  concurrency: number;
}

/** What the probe pass needs: the database, the cluster connection (connectToCluster), the /readyz port. */
export interface ControlPlaneHealthDeps extends ServiceDeps, ClusterConnectionDeps {
  readiness: ControlPlaneReadiness;
  settings: ControlPlaneHealthSettings;
}

/** Clusters probed at once unless configured: a dead cluster costs one timeout, so a few suffice for many clusters. */
export const DEFAULT_PROBE_CONCURRENCY = 8;

/** The settings from the KUBEBYON_* seconds (config.controlPlaneHealth). */
export function controlPlaneHealthSettings(config: { timeoutSeconds: number; unreachableAfterSeconds: number }): ControlPlaneHealthSettings {
  return {
    timeoutMs: config.timeoutSeconds * 1_000,
    unreachableAfterMs: config.unreachableAfterSeconds * 1_000,
    concurrency: DEFAULT_PROBE_CONCURRENCY,
  };
}
