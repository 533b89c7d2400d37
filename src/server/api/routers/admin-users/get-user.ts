import { adminProcedure } from "@/server/api/trpc";
import { getUserForAdmin } from "@/server/services/admin/get-user";
import { getUserInput, getUserMeta, getUserOutput } from "./get-user.types";

export const getUser = adminProcedure
  .meta(getUserMeta)
  .input(getUserInput)
  .output(getUserOutput)
  .query(({ ctx, input }) => getUserForAdmin(ctx.deps, input.user_id));
