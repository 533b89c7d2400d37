import type { OpenApiMeta } from "trpc-to-openapi";
import { disableUserResultSchema } from "@/server/services/admin/set-user-disabled";
import { userIdInput } from "./user-id-input";

export const disableUserMeta = {
  openapi: {
    method: "POST",
    path: "/admin/users/{user_id}/disable",
    protect: true,
    tags: ["admin"],
    summary: "Disable a user: revokes all their sessions and API keys at once and refuses their logins; not yourself (409)",
  },
} satisfies OpenApiMeta;

export const disableUserInput = userIdInput;
export const disableUserOutput = disableUserResultSchema;
