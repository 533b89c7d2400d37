import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { userAccountStatusSchema } from "@/server/domain/auth/user-account-status";
import { userRoleSchema } from "@/server/domain/auth/viewer";
import { userPageSchema } from "@/server/services/admin/list-users";
import { pageInput } from "../page-input";

export const listUsersMeta = {
  openapi: {
    method: "GET",
    path: "/admin/users",
    protect: true,
    tags: ["admin"],
    summary: "Users, newest first: search by email or name, filter by role and status; page with limit and next_cursor",
  },
} satisfies OpenApiMeta;

export const listUsersInput = z.object({
  query: z.string().trim().max(200, "Search with at most 200 characters.").optional(),
  role: userRoleSchema.optional(),
  status: userAccountStatusSchema.optional(),
  ...pageInput.shape,
});

export const listUsersOutput = userPageSchema;
