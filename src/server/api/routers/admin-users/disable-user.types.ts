import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { adminUserDetailSchema, userIdInput } from "./admin-user.schema";

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
export const disableUserOutput = z.object({ user: adminUserDetailSchema, revoked_sessions: z.number().int(), revoked_api_keys: z.number().int() });
