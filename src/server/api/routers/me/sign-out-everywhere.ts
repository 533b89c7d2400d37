import { protectedProcedure } from "@/server/api/trpc";
import { revokeAllSessions } from "@/server/services/auth/revoke-session";
import { signOutEverywhereInput, signOutEverywhereMeta, signOutEverywhereOutput } from "./sign-out-everywhere.types";

export const signOutEverywhere = protectedProcedure
  .meta(signOutEverywhereMeta)
  .input(signOutEverywhereInput)
  .output(signOutEverywhereOutput)
  .mutation(async ({ ctx }) => {
    const revoked = await revokeAllSessions(ctx.deps, ctx.viewer.id, ctx.origin);
    ctx.log.info("signed out everywhere", { user_id: ctx.viewer.id, revoked_sessions: revoked });
    return { revoked_sessions: revoked };
  });
