import { protectedProcedure } from "@/server/api/trpc";
import { getJoinSession as getJoinSessionUseCase } from "@/server/services/join-sessions/list-join-sessions";
import { getJoinSessionInput, getJoinSessionMeta, getJoinSessionOutput } from "./get-join-session.types";

export const getJoinSession = protectedProcedure
  .meta(getJoinSessionMeta)
  .input(getJoinSessionInput)
  .output(getJoinSessionOutput)
  .query(({ ctx, input }) => getJoinSessionUseCase(ctx.deps, ctx.viewer, input.cluster_id, input.session_id));
