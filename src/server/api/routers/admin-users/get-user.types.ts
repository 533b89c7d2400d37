import type { OpenApiMeta } from "trpc-to-openapi";
import { adminUserDetailSchema } from "@/server/services/admin/get-user";
import { userIdInput } from "./user-id-input";

export const getUserMeta = {
  openapi: { method: "GET", path: "/admin/users/{user_id}", protect: true, tags: ["admin"], summary: "One user with active session and API key counts and clusters" },
} satisfies OpenApiMeta;

export const getUserInput = userIdInput;
export const getUserOutput = adminUserDetailSchema;
