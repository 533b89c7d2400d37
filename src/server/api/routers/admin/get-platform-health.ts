import { adminProcedure } from "@/server/api/trpc";
import { checkPlatformHealth } from "@/server/services/platform-health/check-platform-health";
import { getPlatformHealthInput, getPlatformHealthMeta, getPlatformHealthOutput } from "./get-platform-health.types";

export const getPlatformHealth = adminProcedure
  .meta(getPlatformHealthMeta)
  .input(getPlatformHealthInput)
  .output(getPlatformHealthOutput)
  .query(({ ctx }) => checkPlatformHealth(ctx.deps.platformHealth, ctx.deps.now()));
