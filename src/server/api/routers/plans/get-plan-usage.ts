import { protectedProcedure } from "@/server/api/trpc";
import { getPlanUsage as getPlanUsageUseCase } from "@/server/services/billing/get-plan-usage";
import { getPlanUsageInput, getPlanUsageMeta, getPlanUsageOutput } from "./get-plan-usage.types";

export const getPlanUsage = protectedProcedure
  .meta(getPlanUsageMeta)
  .input(getPlanUsageInput)
  .output(getPlanUsageOutput)
  .query(({ ctx }) => getPlanUsageUseCase(ctx.deps, ctx.viewer));
