import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { sessionsRevokedOutput } from "../accounts/account-answers";

export const revokeOtherSessionsMeta = {
  openapi: {
    method: "POST",
    path: "/profile/sessions/revoke-others",
    protect: true,
    tags: ["profile"],
    summary: "Sign out every session except the current one (API keys are not affected)",
  },
} satisfies OpenApiMeta;
export const revokeOtherSessionsInput = z.void();
export const revokeOtherSessionsOutput = sessionsRevokedOutput;
