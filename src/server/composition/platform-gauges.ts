import { clusterJobStatuses } from "@/server/domain/jobs/cluster-job";
import { registerCountGauge } from "@/server/observability/count-gauge";
import type { Registry } from "prom-client";
import { countClustersByConnectionStatus } from "@/server/services/clusters/count-clusters-by-connection-status";
import type { JobStore } from "@/server/services/jobs/job-store";
import type { ServiceDeps } from "@/server/services/service-deps";

/**
 * The platform-wide gauges read from the database at scrape time (docs/metrics.md "Platform metrics"):
 * queue depth by kind and status, and live clusters by connection status. Every process registers
 * them — the single-node web process is the only one there — so each scrape costs two GROUP BYs.
 */
export function registerPlatformGauges(registry: Registry, deps: Pick<ServiceDeps, "db" | "log"> & { jobs: Pick<JobStore<unknown>, "countByKindAndStatus"> }): void {
  const warn = (what: string) => (error: unknown) => deps.log.warn(`could not read ${what} for /metrics`, { error: error instanceof Error ? error.message : String(error) });
  registerCountGauge(registry, {
    name: "kubebyon_jobs",
    help: "Cluster jobs in the queue by kind and status (pending, running, succeeded, failed, dead), read from the database at scrape time.",
    labelNames: ["kind", "status"],
    read: async () => {
      const counts = await deps.jobs.countByKindAndStatus();
      // Every status of each kind seen, zero included, so a drained backlog reads 0 instead of vanishing.
      const kinds = [...new Set(counts.map((c) => c.kind))];
      return kinds.flatMap((kind) =>
        clusterJobStatuses.map((status) => ({ labels: { kind, status }, value: counts.find((c) => c.kind === kind && c.status === status)?.count ?? 0 })),
      );
    },
    onError: warn("the job queue depth"),
  });
  registerCountGauge(registry, {
    name: "kubebyon_clusters",
    help: "Live clusters (not deleting or deleted) by the connection status the platform last recorded (unknown, connected, unreachable, disabled).",
    labelNames: ["connection_status"],
    read: async () => Object.entries(await countClustersByConnectionStatus(deps)).map(([status, value]) => ({ labels: { connection_status: status }, value })),
    onError: warn("the clusters' connection statuses"),
  });
}
