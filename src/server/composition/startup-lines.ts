import type { Config } from "@/server/config/env";
import { BootstrapTokenIssuer } from "@/server/infra/kube/bootstrap-token-issuer";
import { HelmControlPlaneProvisioner } from "@/server/infra/kube/helm-control-plane-provisioner";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import type { Logger } from "@/server/observability/logger";
import { hostClusterSetup, platformVclusterRoute } from "./cluster-runtime";

/** What this build wires behind each cluster-runtime port (the names the adapters give themselves). */
export const BACKEND_IMPLEMENTATIONS = {
  control_plane_provisioner: HelmControlPlaneProvisioner.implementation,
  node_observer: KubeNodeWatcher.implementation,
  token_issuer: BootstrapTokenIssuer.implementation,
} as const;

/**
 * The lines the deployment walkthrough (step 8) tells operators to look for after start,
 * with our implementations' names, logged by the web process and the worker alike once the
 * schema is ready. The message carries the `key=value` form operators grep for; the fields
 * carry the same for log tooling as `port` / `implementation` (a field named token_issuer would
 * be masked by the logger's secret-key rule).
 */
export function logStartupLines(log: Logger, config: Config, appliedMigrations: readonly string[]): void {
  log.info("storage initialized, driver=postgres", { driver: "postgres", applied_migrations: appliedMigrations });
  const missingHost = hostClusterSetup(config).missingConfiguration();
  log.info("using vcluster backend", {
    chart: config.vcluster.chart,
    chart_version: config.vcluster.chartVersion,
    host_cluster: missingHost === null ? "configured" : "not configured",
    // The platform's own path to each vCluster (docs/cluster-runtime.md): the first thing to check when probes fail.
    vcluster_route: platformVclusterRoute(config),
    vcluster_route_setting: config.vclusterRoute,
  });
  for (const [port, implementation] of Object.entries(BACKEND_IMPLEMENTATIONS)) log.info(`${port}=${implementation}`, { port, implementation });
  // Cluster creation is refused (503) until this is fixed; say so where operators look first.
  if (missingHost !== null) log.warn("no host cluster configured: clusters cannot be created", { fix: missingHost });
}
