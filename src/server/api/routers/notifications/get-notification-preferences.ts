import { protectedProcedure } from "@/server/api/trpc";
import { getNotificationPreferences as getPreferencesUseCase } from "@/server/services/notifications/preferences";
import { getNotificationPreferencesInput, getNotificationPreferencesMeta, getNotificationPreferencesOutput } from "./get-notification-preferences.types";

export const getNotificationPreferences = protectedProcedure
  .meta(getNotificationPreferencesMeta)
  .input(getNotificationPreferencesInput)
  .output(getNotificationPreferencesOutput)
  .query(({ ctx }) => getPreferencesUseCase(ctx.deps, ctx.viewer));
