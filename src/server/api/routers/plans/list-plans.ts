import { adminProcedure } from "@/server/api/trpc";
import { listPlans as listPlansUseCase } from "@/server/services/billing/list-plans";
import { listPlansInput, listPlansMeta, listPlansOutput } from "./list-plans.types";

export const listPlans = adminProcedure
  .meta(listPlansMeta)
  .input(listPlansInput)
  .output(listPlansOutput)
  .query(async ({ ctx }) => ({ items: await listPlansUseCase(ctx.deps) }));
