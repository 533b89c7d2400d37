import { protectedProcedure } from "@/server/api/trpc";
import { deleteWebhookEndpoint } from "@/server/services/notifications/webhook-endpoint";
import { deleteNotificationWebhookInput, deleteNotificationWebhookMeta, deleteNotificationWebhookOutput } from "./delete-notification-webhook.types";

export const deleteNotificationWebhook = protectedProcedure
  .meta(deleteNotificationWebhookMeta)
  .input(deleteNotificationWebhookInput)
  .output(deleteNotificationWebhookOutput)
  .mutation(({ ctx }) => deleteWebhookEndpoint(ctx.deps, ctx.viewer, ctx.origin));
