import { adminProcedure } from "@/server/api/trpc";
import { updatePlan as updatePlanUseCase } from "@/server/services/billing/update-plan";
import { planFieldsFromInput } from "./plan-fields-from-input";
import { updatePlanInput, updatePlanMeta, updatePlanOutput } from "./update-plan.types";

export const updatePlan = adminProcedure
  .meta(updatePlanMeta)
  .input(updatePlanInput)
  .output(updatePlanOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...change } = input;
    const plan = await updatePlanUseCase(ctx.deps, ctx.viewer, id, planFieldsFromInput(change), ctx.origin);
    ctx.log.info("plan updated", { plan_id: id, admin_id: ctx.viewer.id });
    return plan;
  });
