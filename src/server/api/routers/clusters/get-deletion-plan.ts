import { protectedProcedure } from "@/server/api/trpc";
import { getDeletionPlan as getDeletionPlanUseCase } from "@/server/services/clusters/get-deletion-plan";
import { getDeletionPlanInput, getDeletionPlanMeta, getDeletionPlanOutput } from "./get-deletion-plan.types";

export const getDeletionPlan = protectedProcedure
  .meta(getDeletionPlanMeta)
  .input(getDeletionPlanInput)
  .output(getDeletionPlanOutput)
  .query(({ ctx, input }) => getDeletionPlanUseCase(ctx.deps, ctx.viewer, input.cluster_id));
