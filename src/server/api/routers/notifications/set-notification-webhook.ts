import { protectedProcedure } from "@/server/api/trpc";
import { setWebhookEndpoint } from "@/server/services/notifications/webhook-endpoint";
import { setNotificationWebhookInput, setNotificationWebhookMeta, setNotificationWebhookOutput } from "./set-notification-webhook.types";

export const setNotificationWebhook = protectedProcedure
  .meta(setNotificationWebhookMeta)
  .input(setNotificationWebhookInput)
  .output(setNotificationWebhookOutput)
  .mutation(({ ctx, input }) => setWebhookEndpoint(ctx.deps, ctx.viewer, { url: input.url, rotateSecret: input.rotate_secret }, ctx.origin));
