"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DecorateQueryProcedure, DefaultFeatureFlags } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterMetricsInput, ClusterMetricsOutput } from "./metrics-contract";

type Trpc = ReturnType<typeof useTRPC>;
type MetricsProcedure = DecorateQueryProcedure<{
  input: ClusterMetricsInput;
  output: ClusterMetricsOutput;
  transformer: false;
  errorShape: Trpc["clusters"]["get"]["~types"]["errorShape"];
  featureFlags: DefaultFeatureFlags;
}>;

/**
 * The cluster's metric history through tRPC (`clusters.getClusterMetrics`). While the range
 * changes, the previous answer stays on screen (placeholder) until the new one arrives.
 */
export function useClusterMetrics(input: ClusterMetricsInput) {
  const trpc = useTRPC();
  // PRE-MERGE BRIDGE: the procedure is built on branch h14-metrics and is not on this branch's
  // router yet. After the merge this line becomes `const procedure = trpc.clusters.getClusterMetrics;`
  // and the MetricsProcedure type above goes away.
  const procedure = (trpc.clusters as unknown as { getClusterMetrics: MetricsProcedure }).getClusterMetrics;
  return useQuery({ ...procedure.queryOptions(input), placeholderData: keepPreviousData });
}
