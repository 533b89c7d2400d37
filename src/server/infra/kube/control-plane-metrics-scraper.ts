import { request } from "node:https";
import type { RequestOptions } from "node:https";
import { CoreV1Api } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { nodeStatusOf } from "@/server/domain/nodes/node-view";
import type { ControlPlaneScrape, ControlPlaneScraper } from "@/server/services/cluster-metrics/control-plane-scraper";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, KubeApiError } from "./kube-calls";

/** A kube-apiserver's /metrics is a few MB; anything far larger is not one and is not read to the end. */
const MAX_METRICS_BYTES = 64 * 1024 * 1024;

/** An HTTP failure shaped like client-node's (statusCode), so KubeApiError explains it the same way. */
const httpFailure = (status: number, body: string) => Object.assign(new Error(`HTTP ${status}: ${body.slice(0, 200)}`), { statusCode: status, body });

/**
 * ControlPlaneScraper over the cluster's admin credentials: a raw GET of the non-resource URL /metrics
 * (client-node has no typed call for it; applyToHTTPSOptions gives the same TLS and authentication as its
 * typed clients) and a Node list through CoreV1Api.
 */
export class KubeControlPlaneMetricsScraper implements ControlPlaneScraper {
  async scrape(credentials: ClusterCredentials, limits: { timeoutMs: number; signal?: AbortSignal }): Promise<ControlPlaneScrape> {
    const signal = limits.signal ? AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), limits.signal]) : AbortSignal.timeout(limits.timeoutMs);
    const kc = kubeConfigFromCredentials(credentials);
    const started = performance.now();
    const metricsText = await this.getMetrics(credentials.server, kc, signal).catch((err: unknown) => {
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

  private async getMetrics(server: string, kc: ReturnType<typeof kubeConfigFromCredentials>, signal: AbortSignal): Promise<string> {
    const url = new URL("/metrics", server);
    const options: RequestOptions = { method: "GET", headers: { Accept: "text/plain" } };
    await kc.applyToHTTPSOptions(options);
    return new Promise<string>((resolve, reject) => {
      const req = request(url, { ...options, signal }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_METRICS_BYTES) {
            req.destroy(new Error(`the /metrics answer exceeds ${MAX_METRICS_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("error", reject);
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(body);
          else reject(httpFailure(status, body));
        });
      });
      req.on("error", reject);
      req.end();
    });
  }
}
