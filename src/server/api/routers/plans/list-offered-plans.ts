import { protectedProcedure } from "@/server/api/trpc";
import { listOfferedPlans as listOfferedPlansUseCase } from "@/server/services/billing/list-plans";
import { listOfferedPlansInput, listOfferedPlansMeta, listOfferedPlansOutput } from "./list-offered-plans.types";

export const listOfferedPlans = protectedProcedure
  .meta(listOfferedPlansMeta)
  .input(listOfferedPlansInput)
  .output(listOfferedPlansOutput)
  .query(async ({ ctx }) => ({ items: await listOfferedPlansUseCase(ctx.deps) }));
