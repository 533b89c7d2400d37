import { adminProcedure } from "@/server/api/trpc";
import { getAccountDeps } from "@/server/composition/accounts";
import { getDeliverySettings as getDeliverySettingsUseCase } from "@/server/services/notifications/delivery-settings";
import { getDeliverySettingsInput, getDeliverySettingsMeta, getDeliverySettingsOutput } from "./get-delivery-settings.types";

export const getDeliverySettings = adminProcedure
  .meta(getDeliverySettingsMeta)
  .input(getDeliverySettingsInput)
  .output(getDeliverySettingsOutput)
  .query(({ ctx }) => getDeliverySettingsUseCase(ctx.deps, getAccountDeps().mailer !== undefined));
