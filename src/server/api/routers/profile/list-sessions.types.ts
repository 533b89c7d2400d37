import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { ownSessionViewSchema } from "@/server/services/profile/own-sessions";

export const listSessionsMeta = {
  openapi: { method: "GET", path: "/profile/sessions", protect: true, tags: ["profile"], summary: "Your signed-in browsers (active sessions), the current one marked" },
} satisfies OpenApiMeta;
export const listSessionsInput = z.void();
export const listSessionsOutput = z.object({ items: z.array(ownSessionViewSchema) });
