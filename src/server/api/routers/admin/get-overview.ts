import { adminProcedure } from "@/server/api/trpc";
import { getPlatformOverview } from "@/server/services/admin/get-platform-overview";
import { getOverviewInput, getOverviewMeta, getOverviewOutput } from "./get-overview.types";

export const getOverview = adminProcedure
  .meta(getOverviewMeta)
  .input(getOverviewInput)
  .output(getOverviewOutput)
  .query(({ ctx }) => getPlatformOverview(ctx.deps));
