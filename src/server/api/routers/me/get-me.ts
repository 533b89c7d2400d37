import { protectedProcedure } from "@/server/api/trpc";
import { getAccount } from "@/server/services/auth/get-account";
import { getMeInput, getMeMeta, getMeOutput } from "./get-me.types";

export const getMe = protectedProcedure
  .meta(getMeMeta)
  .input(getMeInput)
  .output(getMeOutput)
  .query(async ({ ctx }) => {
    const account = await getAccount(ctx.deps, ctx.viewer);
    return { ...account, auth_method: ctx.viewer.auth.method };
  });
