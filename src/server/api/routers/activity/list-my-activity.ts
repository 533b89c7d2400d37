import { protectedProcedure } from "@/server/api/trpc";
import { listOwnActivity } from "@/server/services/audit/list-audit-events";
import { toAuditFilter } from "./audit-filter-input";
import { listMyActivityInput, listMyActivityMeta, listMyActivityOutput } from "./list-my-activity.types";

export const listMyActivity = protectedProcedure
  .meta(listMyActivityMeta)
  .input(listMyActivityInput)
  .output(listMyActivityOutput)
  .query(({ ctx, input }) => listOwnActivity(ctx.deps, ctx.viewer, toAuditFilter(input)));
