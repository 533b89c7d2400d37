import { protectedProcedure } from "@/server/api/trpc";
import { listOfferedPlans as listOfferedPlansUseCase } from "@/server/services/billing/list-plans";
import { listOfferedPlansInput, listOfferedPlansMeta, listOfferedPlansOutput } from "./list-offered-plans.types";

export const listOfferedPlans = protectedProcedure
  .meta(listOfferedPlansMeta)
  .input(listOfferedPlansInput)
  .output(listOfferedPlansOutput)
  .query(({ ctx, input }) => listOfferedPlansUseCase(ctx.deps, { limit: input.limit, cursor: input.cursor }));
