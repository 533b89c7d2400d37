import { adminProcedure } from "@/server/api/trpc";
import { listUsers as listUsersUseCase } from "@/server/services/admin/list-users";
import { listUsersInput, listUsersMeta, listUsersOutput } from "./list-users.types";

export const listUsers = adminProcedure
  .meta(listUsersMeta)
  .input(listUsersInput)
  .output(listUsersOutput)
  .query(({ ctx, input }) => listUsersUseCase(ctx.deps, { query: input.query, role: input.role, status: input.status, limit: input.limit, cursor: input.cursor }));
