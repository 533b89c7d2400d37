import { adminProcedure } from "@/server/api/trpc";
import { mailerReady } from "@/server/services/mail/mailer";
import { updateDeliverySettings as updateDeliverySettingsUseCase } from "@/server/services/notifications/delivery-settings";
import { updateDeliverySettingsInput, updateDeliverySettingsMeta, updateDeliverySettingsOutput } from "./update-delivery-settings.types";

export const updateDeliverySettings = adminProcedure
  .meta(updateDeliverySettingsMeta)
  .input(updateDeliverySettingsInput)
  .output(updateDeliverySettingsOutput)
  .mutation(async ({ ctx, input }) =>
    updateDeliverySettingsUseCase(
      ctx.deps,
      ctx.viewer,
      { emailEnabled: input.email_enabled, webhookEnabled: input.webhook_enabled, webhookTimeoutSeconds: input.webhook_timeout_seconds, maxAttempts: input.max_attempts },
      ctx.origin,
      await mailerReady(ctx.deps.mailer),
    ),
  );
