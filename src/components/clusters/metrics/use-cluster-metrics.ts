"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterMetricsInput } from "./metrics-contract";

/**
 * The cluster's metric history through tRPC (`clusters.metrics`). While the range
 * changes, the previous answer stays on screen (placeholder) until the new one arrives.
 */
export function useClusterMetrics(input: ClusterMetricsInput) {
  const trpc = useTRPC();
  const procedure = trpc.clusters.metrics;
  return useQuery({ ...procedure.queryOptions(input), placeholderData: keepPreviousData });
}
