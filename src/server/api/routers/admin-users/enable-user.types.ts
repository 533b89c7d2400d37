import type { OpenApiMeta } from "trpc-to-openapi";
import { adminUserDetailSchema } from "@/server/services/admin/get-user";
import { userIdInput } from "./user-id-input";

export const enableUserMeta = {
  openapi: {
    method: "POST",
    path: "/admin/users/{user_id}/enable",
    protect: true,
    tags: ["admin"],
    summary: "Re-enable a disabled user (their old sessions and API keys stay revoked)",
  },
} satisfies OpenApiMeta;

export const enableUserInput = userIdInput;
export const enableUserOutput = adminUserDetailSchema;
