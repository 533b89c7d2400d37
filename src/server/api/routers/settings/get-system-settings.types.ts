import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { systemSettingsViewSchema } from "@/server/services/settings/system-settings-view";

export const getSystemSettingsMeta = {
  openapi: { method: "GET", path: "/admin/settings", protect: true, tags: ["admin"], summary: "System settings; secrets are never returned, only whether they are set and a masked hint" },
} satisfies OpenApiMeta;

export const getSystemSettingsInput = z.void();
export const getSystemSettingsOutput = systemSettingsViewSchema;
