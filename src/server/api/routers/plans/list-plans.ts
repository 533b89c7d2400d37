import { adminProcedure } from "@/server/api/trpc";
import { listPlans as listPlansUseCase } from "@/server/services/billing/list-plans";
import { listPlansInput, listPlansMeta, listPlansOutput } from "./list-plans.types";

export const listPlans = adminProcedure
  .meta(listPlansMeta)
  .input(listPlansInput)
  .output(listPlansOutput)
  .query(({ ctx, input }) => listPlansUseCase(ctx.deps, { limit: input.limit, cursor: input.cursor }));
