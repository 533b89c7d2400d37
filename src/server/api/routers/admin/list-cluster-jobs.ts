import { adminProcedure } from "@/server/api/trpc";
import { listClusterJobs as listClusterJobsUseCase } from "@/server/services/jobs/list-cluster-jobs";
import { listClusterJobsInput, listClusterJobsMeta, listClusterJobsOutput } from "./list-cluster-jobs.types";

export const listClusterJobs = adminProcedure
  .meta(listClusterJobsMeta)
  .input(listClusterJobsInput)
  .output(listClusterJobsOutput)
  .query(({ ctx, input }) => listClusterJobsUseCase(ctx.deps, { status: input.status, clusterId: input.cluster_id, limit: input.limit }));
