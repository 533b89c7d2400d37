import { Counter, Histogram, type Registry } from "prom-client";

/** Decisions of the admission webhook (docs/admission-webhook.md "Metrics"). */
export interface AdmissionMetrics {
  requests: Counter<"resource" | "decision" | "reason">;
  duration: Histogram<"resource" | "decision">;
}

export function createAdmissionMetrics(registry: Registry): AdmissionMetrics {
  return {
    requests: new Counter({
      name: "kubebyon_admission_requests_total",
      help: "Admission reviews answered, by resource (nodes, pods), decision (allowed, denied, error) and reason.",
      labelNames: ["resource", "decision", "reason"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "kubebyon_admission_request_duration_seconds",
      help: "Time to answer an admission review (reading the vCluster's usage included), by resource and decision.",
      labelNames: ["resource", "decision"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
