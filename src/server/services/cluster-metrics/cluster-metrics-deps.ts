import type { ScrapeSnapshot } from "@/server/domain/cluster-metrics/scrape-figures";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneScraper } from "./control-plane-scraper";

/**
 * What the collector remembers between passes, in the memory of the process that runs it: each cluster's
 * previous counters (rates and latencies are deltas) and which clusters are failing (one log line per
 * failure streak). Not stored: after a restart, or when another process takes the lead, each cluster's
 * first sample has gauges only (docs/metrics.md "First sample").
 */
export class CollectorMemory {
  readonly previous = new Map<string, { snapshot: ScrapeSnapshot; at: Date }>();
  readonly failing = new Set<string>();

  /** Drops clusters that are no longer collected (deleted, not ready), so their state does not linger. */
  keepOnly(clusterIds: ReadonlySet<string>): void {
    for (const id of [...this.previous.keys()]) if (!clusterIds.has(id)) this.previous.delete(id);
    for (const id of [...this.failing]) if (!clusterIds.has(id)) this.failing.delete(id);
  }
}

export interface CollectControlPlaneMetricsDeps extends ServiceDeps, ClusterConnectionDeps {
  scraper: ControlPlaneScraper;
  memory: CollectorMemory;
}
