import { CoreV1Api } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { nodeStatusOf } from "@/server/domain/nodes/node-view";
import type { ControlPlaneScrape, ControlPlaneScraper } from "@/server/services/cluster-metrics/control-plane-scraper";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, KubeApiError } from "./kube-calls";
import { getNonResourceUrl } from "./non-resource-get";

/** A kube-apiserver's /metrics is a few MB; anything far larger is not one and is not read to the end. */
const MAX_METRICS_BYTES = 64 * 1024 * 1024;

/**
 * ControlPlaneScraper over the cluster's admin credentials: a raw GET of the non-resource URL /metrics
 * (non-resource-get.ts) and a Node list through CoreV1Api.
 */
export class KubeControlPlaneMetricsScraper implements ControlPlaneScraper {
  async scrape(credentials: ClusterCredentials, limits: { timeoutMs: number; signal?: AbortSignal }): Promise<ControlPlaneScrape> {
    const signal = limits.signal ? AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), limits.signal]) : AbortSignal.timeout(limits.timeoutMs);
    const kc = kubeConfigFromCredentials(credentials);
    const started = performance.now();
    const metricsText = await getNonResourceUrl(credentials, "/metrics", { signal, maxBytes: MAX_METRICS_BYTES }).catch((err: unknown) => {
      throw KubeApiError.from(err, "reading /metrics");
    });
    const probeLatencyMs = performance.now() - started;
    const nodes = await kc
      .makeApiClient(CoreV1Api)
      .listNode({}, callOptions({ signal }))
      .catch((err: unknown) => {
        throw KubeApiError.from(err, "listing nodes");
      });
    return {
      metricsText,
      probeLatencyMs,
      nodes: { total: nodes.items.length, ready: nodes.items.filter((node) => nodeStatusOf(node) === "ready").length },
    };
  }
}
