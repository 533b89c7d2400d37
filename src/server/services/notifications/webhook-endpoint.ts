import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { generateWebhookSecret } from "@/server/domain/notifications/webhook-signature";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

export const webhookEndpointResultSchema = z.object({
  url: z.string(),
  /** Only when a secret was created or rotated: shown once, never readable again. */
  secret: z.string().nullable(),
});
export type WebhookEndpointResult = z.infer<typeof webhookEndpointResultSchema>;

export const deletedWebhookEndpointSchema = z.object({ deleted: z.literal(true) });
export type DeletedWebhookEndpoint = z.infer<typeof deletedWebhookEndpointSchema>;

/**
 * Sets the caller's endpoint. The first save, and a save with `rotateSecret`,
 * creates a new signing secret and returns it this one time; changing only the
 * URL keeps the secret, so the receiver's configuration stays valid.
 */
export async function setWebhookEndpoint(deps: ServiceDeps, viewer: Viewer, input: { url: string; rotateSecret: boolean }, origin: RequestOrigin): Promise<WebhookEndpointResult> {
  return deps.db.$transaction(async (tx) => {
    const existing = await tx.notificationWebhook.findUnique({ where: { userId: viewer.id } });
    const secret = !existing || input.rotateSecret ? generateWebhookSecret() : null;
    await tx.notificationWebhook.upsert({
      where: { userId: viewer.id },
      create: { userId: viewer.id, url: input.url, secret: secret ?? generateWebhookSecret() },
      update: { url: input.url, ...(secret ? { secret } : {}) },
    });
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "notification.webhook_set", targetType: "user", targetId: viewer.id, metadata: { url: input.url, secret_rotated: Boolean(secret) } },
      origin,
    );
    return { url: input.url, secret };
  });
}

/** Removes the endpoint; pending webhook deliveries then fail with "endpoint was removed". */
export async function deleteWebhookEndpoint(deps: ServiceDeps, viewer: Viewer, origin: RequestOrigin): Promise<DeletedWebhookEndpoint> {
  await deps.db.$transaction(async (tx) => {
    const { count } = await tx.notificationWebhook.deleteMany({ where: { userId: viewer.id } });
    if (count === 0) throw new AppError("NOT_FOUND", "You have no webhook endpoint configured.");
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "notification.webhook_delete", targetType: "user", targetId: viewer.id }, origin);
  });
  return { deleted: true };
}
