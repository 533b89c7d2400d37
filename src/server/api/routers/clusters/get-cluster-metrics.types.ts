import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterMetricsOutputSchema } from "@/server/domain/cluster-metrics/cluster-metrics-history";
import { clusterIdParam } from "./cluster-id-param";

export const getClusterMetricsMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/metrics",
    protect: true,
    tags: ["clusters"],
    summary: "A cluster's control-plane metrics history (request and error rates, latency, inflight requests, stored objects, nodes, probe latency)",
  },
} satisfies OpenApiMeta;

const isoTime = (field: string) => z.iso.datetime({ offset: true, message: `${field} must be an ISO 8601 time such as 2026-12-01T08:00:00Z.` });

export const getClusterMetricsInput = z.object({
  cluster_id: clusterIdParam,
  /** Default: one hour before `to`. */
  from: isoTime("from").optional(),
  /** Default: now. */
  to: isoTime("to").optional(),
  /** Seconds per point; the answer's step may be wider (tier spacing, at most ~500 points). */
  step: z.coerce.number().int("step must be a whole number of seconds.").min(1, "step must be at least 1 second.").optional(),
  /** One metric name or a comma-separated list; default every metric. */
  metric: z.string().max(500).optional(),
});

export const getClusterMetricsOutput = clusterMetricsOutputSchema;
