import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { adminUserDetailSchema, userRoleSchema } from "./admin-user.schema";

export const changeUserRoleMeta = {
  openapi: {
    method: "PATCH",
    path: "/admin/users/{user_id}",
    protect: true,
    tags: ["admin"],
    summary: "Change another user's role (user or admin); your own role cannot be changed (409)",
  },
} satisfies OpenApiMeta;

export const changeUserRoleInput = z.object({
  user_id: z.string().min(1),
  role: userRoleSchema,
});
export const changeUserRoleOutput = adminUserDetailSchema;
