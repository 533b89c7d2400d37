import { protectedProcedure } from "@/server/api/trpc";
import { listJoinSessions as listJoinSessionsUseCase } from "@/server/services/join-sessions/list-join-sessions";
import { listJoinSessionsInput, listJoinSessionsMeta, listJoinSessionsOutput } from "./list-join-sessions.types";

export const listJoinSessions = protectedProcedure
  .meta(listJoinSessionsMeta)
  .input(listJoinSessionsInput)
  .output(listJoinSessionsOutput)
  .query(({ ctx, input }) => listJoinSessionsUseCase(ctx.deps, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
