/** Admin-controlled delivery knobs (system_settings key `notification_delivery`). */
export interface NotificationDeliverySettings {
  emailEnabled: boolean;
  webhookEnabled: boolean;
  webhookTimeoutSeconds: number;
  maxAttempts: number;
}

export const DEFAULT_DELIVERY_SETTINGS: NotificationDeliverySettings = {
  emailEnabled: true,
  webhookEnabled: true,
  webhookTimeoutSeconds: 10,
  maxAttempts: 5,
};

export const DELIVERY_LIMITS = { timeout: { min: 1, max: 60 }, attempts: { min: 1, max: 20 } } as const;

/** The stored JSON (snake_case, as in the API); each field falls back to its default on its own, so a bad row never stops delivery. */
export function deliverySettingsFromJson(value: unknown): NotificationDeliverySettings {
  const obj = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);
  const int = (v: unknown, fallback: number, range: { min: number; max: number }) =>
    typeof v === "number" && Number.isInteger(v) && v >= range.min && v <= range.max ? v : fallback;
  const d = DEFAULT_DELIVERY_SETTINGS;
  return {
    emailEnabled: bool(obj.email_enabled, d.emailEnabled),
    webhookEnabled: bool(obj.webhook_enabled, d.webhookEnabled),
    webhookTimeoutSeconds: int(obj.webhook_timeout_seconds, d.webhookTimeoutSeconds, DELIVERY_LIMITS.timeout),
    maxAttempts: int(obj.max_attempts, d.maxAttempts, DELIVERY_LIMITS.attempts),
  };
}

export function deliverySettingsToJson(s: NotificationDeliverySettings) {
  return { email_enabled: s.emailEnabled, webhook_enabled: s.webhookEnabled, webhook_timeout_seconds: s.webhookTimeoutSeconds, max_attempts: s.maxAttempts };
}

/**
 * Wait before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min … capped
 * at 1 hour, so a receiver that is down for a while is not hammered.
 */
export function retryDelayMs(failedAttempts: number, baseMs = 30_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), 3_600_000);
}
