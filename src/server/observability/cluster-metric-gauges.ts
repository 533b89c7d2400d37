import { Gauge, type Registry } from "prom-client";

/** One cluster's newest control-plane sample (read through the cluster-metrics service at scrape time). */
export interface ClusterMetricsReading {
  clusterId: string;
  sampledAt: Date;
  apiRequestRate: number | null;
  apiErrorRate: number | null;
  apiLatencyP50Ms: number | null;
  apiLatencyP99Ms: number | null;
  apiInflightRequests: number | null;
  nodeCount: number | null;
  readyNodeCount: number | null;
  probeLatencyMs: number | null;
}

/** The gauges, their help and how each reads a sample (values in base units: seconds, not ms). */
const GAUGES: ReadonlyArray<{ name: string; help: string; extraLabel?: "quantile"; values: (r: ClusterMetricsReading) => Array<[Record<string, string>, number | null]> }> = [
  { name: "kubebyon_cluster_api_requests_per_second", help: "Requests per second the cluster's API server answered, over the last collect interval.", values: (r) => [[{}, r.apiRequestRate]] },
  { name: "kubebyon_cluster_api_errors_per_second", help: "Requests per second the cluster's API server answered with 5xx or 429.", values: (r) => [[{}, r.apiErrorRate]] },
  {
    name: "kubebyon_cluster_api_request_latency_seconds",
    help: "Request latency quantiles of the cluster's API server (WATCH and CONNECT excluded), over the last collect interval.",
    extraLabel: "quantile",
    values: (r) => [
      [{ quantile: "0.5" }, r.apiLatencyP50Ms === null ? null : r.apiLatencyP50Ms / 1_000],
      [{ quantile: "0.99" }, r.apiLatencyP99Ms === null ? null : r.apiLatencyP99Ms / 1_000],
    ],
  },
  { name: "kubebyon_cluster_api_inflight_requests", help: "Requests in flight at the cluster's API server (read-only and mutating).", values: (r) => [[{}, r.apiInflightRequests]] },
  { name: "kubebyon_cluster_nodes", help: "Node objects in the cluster.", values: (r) => [[{}, r.nodeCount]] },
  { name: "kubebyon_cluster_ready_nodes", help: "Nodes of the cluster whose Ready condition is True.", values: (r) => [[{}, r.readyNodeCount]] },
  { name: "kubebyon_cluster_probe_latency_seconds", help: "How long the platform's last GET /metrics of the cluster's API server took.", values: (r) => [[{}, r.probeLatencyMs === null ? null : r.probeLatencyMs / 1_000]] },
  { name: "kubebyon_cluster_metrics_sampled_timestamp_seconds", help: "When the platform last sampled the cluster's control plane (Unix time).", values: (r) => [[{}, r.sampledAt.getTime() / 1_000]] },
];

/**
 * Gauges with a `cluster_id` label holding each cluster's newest control-plane sample, filled from `read` when
 * the registry is scraped (the collector runs in the workers; the web process serving /metrics reads the
 * database). One read serves all gauges of a scrape; clusters missing from it (deleted, no recent sample)
 * disappear; a failed read leaves them empty and goes to `onError`. A figure the sample could not measure is left out rather than exported as 0.
 */
export function registerClusterMetricGauges(registry: Registry, read: () => Promise<ClusterMetricsReading[]>, onError: (error: unknown) => void): void {
  // prom-client starts every metric's collect() of a scrape in the same tick: they share the read in flight.
  let pending: Promise<ClusterMetricsReading[]> | undefined;
  const readOnce = () => {
    pending ??= read()
      // A failed read must not take the process metrics down with it: the cluster gauges are left empty.
      .catch((error: unknown) => {
        onError(error);
        return [];
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  for (const spec of GAUGES) {
    new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: spec.extraLabel ? ["cluster_id", spec.extraLabel] : ["cluster_id"],
      registers: [registry],
      async collect() {
        const readings = await readOnce();
        this.reset();
        for (const reading of readings) {
          for (const [labels, value] of spec.values(reading)) {
            if (value !== null && Number.isFinite(value)) this.set({ cluster_id: reading.clusterId, ...labels }, value);
          }
        }
      },
    });
  }
}
