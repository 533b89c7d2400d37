import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { systemSettingsSchema } from "./system-settings.schema";

export const getSystemSettingsMeta = {
  openapi: { method: "GET", path: "/admin/settings", protect: true, tags: ["admin"], summary: "System settings; secrets are never returned, only whether they are set and a masked hint" },
} satisfies OpenApiMeta;

export const getSystemSettingsInput = z.void();
export const getSystemSettingsOutput = systemSettingsSchema;
