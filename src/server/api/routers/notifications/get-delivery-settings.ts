import { adminProcedure } from "@/server/api/trpc";
import { mailerReady } from "@/server/services/mail/mailer";
import { getDeliverySettings as getDeliverySettingsUseCase } from "@/server/services/notifications/delivery-settings";
import { getDeliverySettingsInput, getDeliverySettingsMeta, getDeliverySettingsOutput } from "./get-delivery-settings.types";

export const getDeliverySettings = adminProcedure
  .meta(getDeliverySettingsMeta)
  .input(getDeliverySettingsInput)
  .output(getDeliverySettingsOutput)
  .query(async ({ ctx }) => getDeliverySettingsUseCase(ctx.deps, await mailerReady(ctx.deps.mailer)));
