import { z } from "zod";

/** Every event a user can be notified about; the names are the `event` column and the webhook `type`. */
export const NOTIFICATION_EVENTS = [
  "cluster.ready",
  "cluster.error",
  "cluster.deleted",
  "node.joined",
  // Debounced node health (services/node-health); the immediate `node.offline` they replace is no longer sent.
  "node.unhealthy",
  "node.recovered",
  "node.version_skew",
  "cluster.node_limit_reached",
  // Control-plane health (services/cluster-health): connection_status turned unreachable after the debounce, and back.
  "cluster.unreachable",
  "cluster.recovered",
  "quota.reached",
  "account.password_changed",
  "api_key.created",
] as const;
export const notificationEventSchema = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** Channels users choose per event (the schema's enum also has `in_app`, which nothing delivers yet). */
export const NOTIFICATION_CHANNELS = ["email", "webhook"] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** Where one delivery stands: waiting for its (next) attempt, delivered, or given up after the last attempt. */
export const DELIVERY_STATUSES = ["pending", "sent", "failed"] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/**
 * Defaults when the user never saved a choice: email for everything except the
 * chatty `node.joined`; webhook for everything (it only fires once the user has
 * configured an endpoint, which is itself the opt-in).
 */
export function defaultEnabled(channel: NotificationChannel, event: NotificationEvent): boolean {
  if (channel === "webhook") return true;
  return event !== "node.joined";
}

export interface StoredPreference {
  channel: string;
  event: string;
  enabled: boolean;
}

/** One event's row of a user's choices: on or off per channel. */
export const preferenceMatrixEntrySchema = z.object({ event: notificationEventSchema, email: z.boolean(), webhook: z.boolean() });
export type PreferenceMatrixEntry = z.infer<typeof preferenceMatrixEntrySchema>;

/** The full event × channel matrix: a saved row wins, otherwise the default. */
export function preferenceMatrix(stored: readonly StoredPreference[]): PreferenceMatrixEntry[] {
  const saved = (channel: NotificationChannel, event: NotificationEvent) =>
    stored.find((p) => p.channel === channel && p.event === event)?.enabled ?? defaultEnabled(channel, event);
  return NOTIFICATION_EVENTS.map((event) => ({ event, email: saved("email", event), webhook: saved("webhook", event) }));
}

/** Facts about the event, shown in emails and sent as the webhook `data` object (snake_case, JSON-safe). */
export type NotificationData = Record<string, string | number | boolean | null>;

export interface NotificationRequest {
  userId: string;
  event: NotificationEvent;
  data: NotificationData;
}
