import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { revokedSessionSchema } from "@/server/services/profile/revoke-own-sessions";

export const revokeSessionMeta = {
  openapi: { method: "DELETE", path: "/profile/sessions/{session_id}", protect: true, tags: ["profile"], summary: "Sign one of your sessions out (your current one too)" },
} satisfies OpenApiMeta;
export const revokeSessionInput = z.object({ session_id: z.string().min(1).max(100) });
export const revokeSessionOutput = revokedSessionSchema;
