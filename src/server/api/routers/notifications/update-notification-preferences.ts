import { protectedProcedure } from "@/server/api/trpc";
import { updateNotificationPreferences as updatePreferencesUseCase } from "@/server/services/notifications/preferences";
import { updateNotificationPreferencesInput, updateNotificationPreferencesMeta, updateNotificationPreferencesOutput } from "./update-notification-preferences.types";

export const updateNotificationPreferences = protectedProcedure
  .meta(updateNotificationPreferencesMeta)
  .input(updateNotificationPreferencesInput)
  .output(updateNotificationPreferencesOutput)
  .mutation(({ ctx, input }) => updatePreferencesUseCase(ctx.deps, ctx.viewer, input.preferences, ctx.origin));
