import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { createAdmissionMetrics, type AdmissionMetrics } from "./admission-metrics";
import { createJobMetrics, type JobRunnerMetrics } from "./job-metrics";

/** The Prometheus registry of a process and the metrics the HTTP entry points record (one per runtime). */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  /** The admission webhook's decisions (admission-metrics.ts). */
  admission: AdmissionMetrics;
  /** The job runner's attempts and lease takeovers (job-metrics.ts). */
  jobs: JobRunnerMetrics;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "kubebyon_" });
  return {
    registry,
    httpRequests: new Counter({
      name: "kubebyon_http_requests_total",
      help: "HTTP requests handled, by route template, method and status code.",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "kubebyon_http_request_duration_seconds",
      help: "HTTP request latency by route template and method.",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    admission: createAdmissionMetrics(registry),
    jobs: createJobMetrics(registry),
  };
}
