import { adminProcedure } from "@/server/api/trpc";
import { deletePlan as deletePlanUseCase } from "@/server/services/billing/delete-plan";
import { deletePlanInput, deletePlanMeta, deletePlanOutput } from "./delete-plan.types";

export const deletePlan = adminProcedure
  .meta(deletePlanMeta)
  .input(deletePlanInput)
  .output(deletePlanOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await deletePlanUseCase(ctx.deps, ctx.viewer, input.id, ctx.origin);
    ctx.log.info("plan deleted", { plan_id: input.id, admin_id: ctx.viewer.id });
    return result;
  });
