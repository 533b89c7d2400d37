import type { BackgroundTask } from "@/server/services/background/background-task";
import { deliverDueNotifications } from "./deliver-due-notifications";
import type { NotificationDeliveryDeps } from "./notification-deps";

/** How soon a queued notification is sent. */
export const NOTIFICATION_DISPATCH_INTERVAL_MS = 5_000;

/**
 * Sends due notification deliveries in every process that runs background work; rows are claimed with SKIP LOCKED,
 * so two processes never send one row twice. A long backlog is drained in one pass, until the process stops.
 */
export const notificationDispatchTask: BackgroundTask<NotificationDeliveryDeps, number> = {
  name: "notification-dispatch",
  scope: "each-process",
  intervalMs: () => NOTIFICATION_DISPATCH_INTERVAL_MS,
  async run(deps, signal) {
    let handled = 0;
    while (!signal.aborted) {
      const batch = await deliverDueNotifications(deps);
      if (batch === 0) break;
      handled += batch;
    }
    return handled;
  },
};
