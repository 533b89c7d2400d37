import { adminProcedure } from "@/server/api/trpc";
import { getSystemSettings as getSystemSettingsUseCase } from "@/server/services/settings/get-system-settings";
import { getSystemSettingsInput, getSystemSettingsMeta, getSystemSettingsOutput } from "./get-system-settings.types";

export const getSystemSettings = adminProcedure
  .meta(getSystemSettingsMeta)
  .input(getSystemSettingsInput)
  .output(getSystemSettingsOutput)
  .query(({ ctx }) => getSystemSettingsUseCase(ctx.deps, ctx.config.oauth, ctx.config.smtp));
