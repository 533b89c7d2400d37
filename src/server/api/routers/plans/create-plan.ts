import { adminProcedure } from "@/server/api/trpc";
import { createPlan as createPlanUseCase } from "@/server/services/billing/create-plan";
import { createPlanInput, createPlanMeta, createPlanOutput } from "./create-plan.types";
import { planFieldsFromInput } from "./plan-fields-from-input";

export const createPlan = adminProcedure
  .meta(createPlanMeta)
  .input(createPlanInput)
  .output(createPlanOutput)
  .mutation(async ({ ctx, input }) => {
    const fields = { ...planFieldsFromInput(input), name: input.name, clusterQuota: input.cluster_quota, nodeQuota: input.node_quota };
    const plan = await createPlanUseCase(ctx.deps, ctx.viewer, { code: input.code, ...fields }, ctx.origin);
    ctx.log.info("plan created", { plan_id: plan.id, code: plan.code, admin_id: ctx.viewer.id });
    return plan;
  });
