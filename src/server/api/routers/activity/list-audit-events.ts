import { adminProcedure } from "@/server/api/trpc";
import { listAuditEvents as listAuditEventsUseCase } from "@/server/services/audit/list-audit-events";
import { toAuditFilter } from "./audit-filter-input";
import { listAuditEventsInput, listAuditEventsMeta, listAuditEventsOutput } from "./list-audit-events.types";

export const listAuditEvents = adminProcedure
  .meta(listAuditEventsMeta)
  .input(listAuditEventsInput)
  .output(listAuditEventsOutput)
  .query(({ ctx, input }) => listAuditEventsUseCase(ctx.deps, { ...toAuditFilter(input), actor: input.actor || undefined }));
