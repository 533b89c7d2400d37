import { adminProcedure } from "@/server/api/trpc";
import { getRuntime } from "@/server/composition/runtime";
import { getSystemSettings as getSystemSettingsUseCase } from "@/server/services/settings/get-system-settings";
import { getSystemSettingsInput, getSystemSettingsMeta, getSystemSettingsOutput } from "./get-system-settings.types";

export const getSystemSettings = adminProcedure
  .meta(getSystemSettingsMeta)
  .input(getSystemSettingsInput)
  .output(getSystemSettingsOutput)
  .query(({ ctx }) => getSystemSettingsUseCase(ctx.deps, getRuntime().config.oauth, getRuntime().config.smtp));
