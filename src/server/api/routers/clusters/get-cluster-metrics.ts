import { protectedProcedure } from "@/server/api/trpc";
import { getClusterMetrics as getClusterMetricsUseCase } from "@/server/services/cluster-metrics/get-cluster-metrics";
import { getClusterMetricsInput, getClusterMetricsMeta, getClusterMetricsOutput } from "./get-cluster-metrics.types";

export const getClusterMetrics = protectedProcedure
  .meta(getClusterMetricsMeta)
  .input(getClusterMetricsInput)
  .output(getClusterMetricsOutput)
  .query(({ ctx, input }) =>
    getClusterMetricsUseCase(ctx.deps, ctx.config.metrics, ctx.viewer, input.cluster_id, { from: input.from, to: input.to, step: input.step, metric: input.metric }),
  );
