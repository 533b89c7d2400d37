import { Counter, Histogram, type Registry } from "prom-client";

/** Outcomes that end a job unsuccessfully for good: they count as failures. */
const FINAL_FAILURES = new Set(["failed", "dead"]);

/**
 * The job runner's metrics (docs/jobs.md "Observing the queue"), recorded by the runner of this
 * process; the shape of services/jobs/job-metrics.ts's JobMetrics port.
 */
export interface JobRunnerMetrics {
  attemptEnded(kind: string, outcome: string, durationSeconds: number): void;
  leaseTakenOver(kind: string): void;
}

export function createJobMetrics(registry: Registry): JobRunnerMetrics {
  const duration = new Histogram({
    name: "kubebyon_job_duration_seconds",
    help: "Time one job attempt ran in this process, by kind and outcome (succeeded, retrying, failed, dead, lease_lost).",
    labelNames: ["kind", "outcome"],
    // Lifecycle jobs wait on helm and the vCluster Pod: seconds to tens of minutes.
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800],
    registers: [registry],
  });
  const failures = new Counter({
    name: "kubebyon_job_failures_total",
    help: "Jobs this process ended unsuccessfully for good (failed: retrying cannot help; dead: no attempts left), by kind.",
    labelNames: ["kind"],
    registers: [registry],
  });
  const leaseExpiries = new Counter({
    name: "kubebyon_job_lease_expiries_total",
    help: "Jobs this process took over because their previous runner's lease had expired (it died or hung), by kind.",
    labelNames: ["kind"],
    registers: [registry],
  });
  return {
    attemptEnded(kind, outcome, durationSeconds) {
      duration.observe({ kind, outcome }, durationSeconds);
      if (FINAL_FAILURES.has(outcome)) failures.inc({ kind });
    },
    leaseTakenOver(kind) {
      leaseExpiries.inc({ kind });
    },
  };
}
