import type { OpenApiMeta } from "trpc-to-openapi";
import { userRoleSchema } from "@/server/domain/auth/viewer";
import { adminUserDetailSchema } from "@/server/services/admin/get-user";
import { userIdInput } from "./user-id-input";

export const changeUserRoleMeta = {
  openapi: {
    method: "PATCH",
    path: "/admin/users/{user_id}",
    protect: true,
    tags: ["admin"],
    summary: "Change another user's role (user or admin); your own role cannot be changed (409)",
  },
} satisfies OpenApiMeta;

export const changeUserRoleInput = userIdInput.extend({ role: userRoleSchema });
export const changeUserRoleOutput = adminUserDetailSchema;
