import type { OpenApiMeta } from "trpc-to-openapi";
import { adminUserDetailSchema, userIdInput } from "./admin-user.schema";

export const getUserMeta = {
  openapi: { method: "GET", path: "/admin/users/{user_id}", protect: true, tags: ["admin"], summary: "One user with active session and API key counts and clusters" },
} satisfies OpenApiMeta;

export const getUserInput = userIdInput;
export const getUserOutput = adminUserDetailSchema;
