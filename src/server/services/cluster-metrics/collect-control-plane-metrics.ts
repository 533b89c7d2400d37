import { parsePromText } from "@/server/domain/cluster-metrics/prometheus-text";
import { figuresBetween, snapshotOf } from "@/server/domain/cluster-metrics/scrape-figures";
import type { Cluster } from "@/server/infra/db/client";
import { forEachLimited, withTimeout } from "@/server/services/bounded-work";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { CollectControlPlaneMetricsDeps } from "./cluster-metrics-deps";

export interface CollectOptions {
  /** Per cluster: connecting, GET /metrics and the Node list together. */
  timeoutMs: number;
  /** Clusters scraped at once. */
  concurrency: number;
  signal?: AbortSignal;
}

export interface CollectResult {
  /** Clusters that got a raw sample this pass. */
  sampled: string[];
  /** Clusters whose scrape failed (no sample). */
  failed: string[];
}

/** Why a scrape failed, for the log: the error's message (adapters keep credentials out of it). */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function collectOne(deps: CollectControlPlaneMetricsDeps, cluster: Cluster, options: CollectOptions): Promise<void> {
  // Resolving the connection reads host objects; bounded too, so a stuck host API cannot stall the pass.
  const connection = await withTimeout(connectToCluster(deps, cluster), options.timeoutMs);
  const scrape = await deps.scraper.scrape(connection.credentials, { timeoutMs: options.timeoutMs, signal: options.signal });
  const at = deps.now();
  const snapshot = snapshotOf(parsePromText(scrape.metricsText));
  const figures = figuresBetween(deps.memory.previous.get(cluster.id), snapshot, at);
  await deps.db.controlPlaneMetricSample.create({
    data: {
      clusterId: cluster.id,
      resolution: "raw",
      sampledAt: at,
      sampleCount: 1,
      ...figures,
      nodeCount: scrape.nodes.total,
      readyNodeCount: scrape.nodes.ready,
      probeLatencyMs: scrape.probeLatencyMs,
    },
  });
  deps.memory.previous.set(cluster.id, { snapshot, at });
}

/**
 * One collector pass (docs/metrics.md "Collection"): scrapes every ready cluster's API server (/metrics and
 * its Nodes) with at most `concurrency` clusters at a time, each bounded by `timeoutMs`, and stores one raw
 * sample per cluster that answered. A failing cluster gets no sample; its failure is logged once per streak
 * (the first failure and the recovery), never with credentials.
 */
export async function collectControlPlaneMetrics(deps: CollectControlPlaneMetricsDeps, options: CollectOptions): Promise<CollectResult> {
  const clusters = await deps.db.cluster.findMany({ where: { status: "ready" }, orderBy: { id: "asc" } });
  deps.memory.keepOnly(new Set(clusters.map((c) => c.id)));
  const result: CollectResult = { sampled: [], failed: [] };
  await forEachLimited(clusters, options.concurrency, async (cluster) => {
    if (options.signal?.aborted) return;
    try {
      await collectOne(deps, cluster, options);
      result.sampled.push(cluster.id);
      if (deps.memory.failing.delete(cluster.id)) deps.log.info("control-plane metrics of a cluster are collected again", { cluster_id: cluster.id });
    } catch (error) {
      result.failed.push(cluster.id);
      // The previous counters stay: the next successful scrape's rates then span the gap.
      if (!deps.memory.failing.has(cluster.id)) {
        deps.memory.failing.add(cluster.id);
        deps.log.warn("could not collect a cluster's control-plane metrics; it gets no sample until it answers again", { cluster_id: cluster.id, error: reasonOf(error) });
      }
    }
  });
  return result;
}
