import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { sessionsRevokedOutput } from "@/server/api/routers/accounts/account-answers";

export const signOutEverywhereMeta = {
  openapi: {
    method: "POST",
    path: "/me/sign-out-everywhere",
    protect: true,
    tags: ["account"],
    summary: "End every browser session of the caller at once (API keys are not affected)",
  },
} satisfies OpenApiMeta;

export const signOutEverywhereInput = z.void();
export const signOutEverywhereOutput = sessionsRevokedOutput;
