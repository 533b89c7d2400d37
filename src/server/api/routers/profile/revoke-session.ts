import { protectedProcedure } from "@/server/api/trpc";
import { revokeOwnSession } from "@/server/services/profile/revoke-own-sessions";
import { revokeSessionInput, revokeSessionMeta, revokeSessionOutput } from "./revoke-session.types";

export const revokeSession = protectedProcedure
  .meta(revokeSessionMeta)
  .input(revokeSessionInput)
  .output(revokeSessionOutput)
  .mutation(({ ctx, input }) => revokeOwnSession(ctx.deps, ctx.viewer, input.session_id, ctx.origin));
