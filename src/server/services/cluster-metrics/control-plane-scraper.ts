import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";

/** One look at a cluster's API server: its /metrics page, how long that took, and its Nodes. */
export interface ControlPlaneScrape {
  /** The Prometheus text of GET /metrics. */
  metricsText: string;
  /** Wall time of the GET /metrics round trip (the probe latency figure). */
  probeLatencyMs: number;
  /** Node objects, and those whose Ready condition is True. */
  nodes: { total: number; ready: number };
}

/**
 * Port: scrapes a cluster's own API server with the platform's admin credentials. Implemented in
 * src/server/infra/kube/control-plane-metrics-scraper.ts. Fails (throws) when the server cannot be
 * reached or answers an error within `timeoutMs`; the message never holds credentials.
 */
export interface ControlPlaneScraper {
  scrape(credentials: ClusterCredentials, limits: { timeoutMs: number; signal?: AbortSignal }): Promise<ControlPlaneScrape>;
}
