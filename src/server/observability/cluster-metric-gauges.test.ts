import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerClusterMetricGauges, type ClusterMetricsReading } from "./cluster-metric-gauges";

const reading = (clusterId: string, figures: Partial<ClusterMetricsReading> = {}): ClusterMetricsReading => ({
  clusterId,
  sampledAt: new Date("2026-12-04T10:00:00Z"),
  apiRequestRate: 12.5,
  apiErrorRate: 0.5,
  apiLatencyP50Ms: 4,
  apiLatencyP99Ms: 250,
  apiInflightRequests: 3,
  nodeCount: 2,
  readyNodeCount: 1,
  probeLatencyMs: 8,
  ...figures,
});

describe("registerClusterMetricGauges", () => {
  it("exports each reading with a cluster_id label, in base units, reading once per scrape", async () => {
    const registry = new Registry();
    let reads = 0;
    registerClusterMetricGauges(
      registry,
      async () => {
        reads += 1;
        return [reading("cl_a"), reading("cl_b", { apiRequestRate: null, apiLatencyP99Ms: null })];
      },
      () => undefined,
    );
    const text = await registry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('kubebyon_cluster_api_requests_per_second{cluster_id="cl_a"} 12.5');
    expect(text).toContain('kubebyon_cluster_api_request_latency_seconds{cluster_id="cl_a",quantile="0.99"} 0.25');
    expect(text).toContain('kubebyon_cluster_probe_latency_seconds{cluster_id="cl_a"} 0.008');
    expect(text).toContain('kubebyon_cluster_ready_nodes{cluster_id="cl_b"} 1');
    expect(text).toContain('kubebyon_cluster_metrics_sampled_timestamp_seconds{cluster_id="cl_b"} 1796378400');
    // Unmeasured figures are absent, not 0.
    expect(text).not.toContain('kubebyon_cluster_api_requests_per_second{cluster_id="cl_b"}');
    expect(text).not.toContain('cluster_id="cl_b",quantile="0.99"');
  });

  it("drops clusters missing from the next read, and keeps /metrics working when the read fails", async () => {
    const registry = new Registry();
    const errors: unknown[] = [];
    let next: () => Promise<ClusterMetricsReading[]> = async () => [reading("cl_a")];
    registerClusterMetricGauges(registry, () => next(), (error) => errors.push(error));
    expect(await registry.metrics()).toContain('cluster_id="cl_a"');
    next = async () => {
      throw new Error("database down");
    };
    const text = await registry.metrics();
    expect(text).not.toContain('cluster_id="cl_a"');
    expect(text).toContain("# TYPE kubebyon_cluster_nodes gauge");
    // One shared read per scrape: one error reported.
    expect(errors).toHaveLength(1);
  });
});
