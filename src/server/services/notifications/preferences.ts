import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { newId } from "@/server/domain/ids";
import { NOTIFICATION_CHANNELS, preferenceMatrix, preferenceMatrixEntrySchema, type NotificationEvent } from "@/server/domain/notifications/notification-events";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

export const preferencesViewSchema = z.object({
  preferences: z.array(preferenceMatrixEntrySchema),
  /** Never the signing secret. */
  webhook: z.object({ url: z.string(), created_at: z.string(), updated_at: z.string() }).nullable(),
});
export type PreferencesView = z.infer<typeof preferencesViewSchema>;

/** The caller's event × channel matrix (saved choices over defaults) and their webhook endpoint, without its secret. */
export async function getNotificationPreferences(deps: Pick<ServiceDeps, "db">, viewer: Viewer): Promise<PreferencesView> {
  const [stored, hook] = await Promise.all([
    deps.db.notificationPreference.findMany({ where: { userId: viewer.id } }),
    deps.db.notificationWebhook.findUnique({ where: { userId: viewer.id } }),
  ]);
  return {
    preferences: preferenceMatrix(stored),
    webhook: hook ? { url: hook.url, created_at: hook.createdAt.toISOString(), updated_at: hook.updatedAt.toISOString() } : null,
  };
}

export interface PreferenceChange {
  event: NotificationEvent;
  email?: boolean;
  webhook?: boolean;
}

/** Saves the given cells (absent channels stay as they are) and records one audit event listing them. */
export async function updateNotificationPreferences(deps: ServiceDeps, viewer: Viewer, changes: PreferenceChange[], origin: RequestOrigin): Promise<PreferencesView> {
  await deps.db.$transaction(async (tx) => {
    for (const change of changes) {
      for (const channel of NOTIFICATION_CHANNELS) {
        const enabled = change[channel];
        if (enabled === undefined) continue;
        await tx.notificationPreference.upsert({
          where: { userId_channel_event: { userId: viewer.id, channel, event: change.event } },
          create: { id: newId("ntf"), userId: viewer.id, channel, event: change.event, enabled },
          update: { enabled },
        });
      }
    }
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "notification.preferences_update", targetType: "user", targetId: viewer.id, metadata: { changes: changes.map((c) => ({ ...c })) } }, origin);
  });
  return getNotificationPreferences(deps, viewer);
}
