import { adminProcedure } from "@/server/api/trpc";
import { getAccountDeps } from "@/server/composition/accounts";
import { mailerReady } from "@/server/services/accounts/mailer";
import { getDeliverySettings as getDeliverySettingsUseCase } from "@/server/services/notifications/delivery-settings";
import { getDeliverySettingsInput, getDeliverySettingsMeta, getDeliverySettingsOutput } from "./get-delivery-settings.types";

export const getDeliverySettings = adminProcedure
  .meta(getDeliverySettingsMeta)
  .input(getDeliverySettingsInput)
  .output(getDeliverySettingsOutput)
  .query(async ({ ctx }) => getDeliverySettingsUseCase(ctx.deps, await mailerReady(getAccountDeps().mailer)));
