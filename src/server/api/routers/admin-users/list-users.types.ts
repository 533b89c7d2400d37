import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { userAccountStatusSchema } from "@/server/domain/auth/user-account-status";
import { userRoleSchema } from "@/server/domain/auth/viewer";
import { userPageSchema } from "@/server/services/admin/list-users";

export const listUsersMeta = {
  openapi: { method: "GET", path: "/admin/users", protect: true, tags: ["admin"], summary: "Users, newest first: search by email or name, filter by role and status" },
} satisfies OpenApiMeta;

export const listUsersInput = z.object({
  query: z.string().trim().max(200, "Search with at most 200 characters.").optional(),
  role: userRoleSchema.optional(),
  status: userAccountStatusSchema.optional(),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  page_size: z.coerce.number().int().min(1, "page_size must be at least 1.").max(200, "page_size must be at most 200.").default(50),
});

export const listUsersOutput = userPageSchema;
