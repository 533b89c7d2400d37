import { protectedProcedure } from "@/server/api/trpc";
import { revokeOtherSessions as revokeOtherSessionsUseCase } from "@/server/services/profile/revoke-own-sessions";
import { revokeOtherSessionsInput, revokeOtherSessionsMeta, revokeOtherSessionsOutput } from "./revoke-other-sessions.types";

export const revokeOtherSessions = protectedProcedure
  .meta(revokeOtherSessionsMeta)
  .input(revokeOtherSessionsInput)
  .output(revokeOtherSessionsOutput)
  .mutation(async ({ ctx }) => {
    const { revokedSessions } = await revokeOtherSessionsUseCase(ctx.deps, ctx.viewer, ctx.origin);
    return { revoked_sessions: revokedSessions };
  });
