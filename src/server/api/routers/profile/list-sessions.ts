import { protectedProcedure } from "@/server/api/trpc";
import { listOwnSessions } from "@/server/services/profile/own-sessions";
import { listSessionsInput, listSessionsMeta, listSessionsOutput } from "./list-sessions.types";

export const listSessions = protectedProcedure
  .meta(listSessionsMeta)
  .input(listSessionsInput)
  .output(listSessionsOutput)
  .query(async ({ ctx }) => ({ items: await listOwnSessions(ctx.deps, ctx.viewer) }));
