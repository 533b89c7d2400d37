import type { Prisma } from "@/server/infra/db/client";
import type { Mailer } from "@/server/services/mail/mailer";
import type { ServiceDeps } from "@/server/services/service-deps";

/** Recording a notification needs only the database: every emitter (web, worker, observer) has it. */
export type NotifyDeps = Pick<ServiceDeps, "db" | "log" | "now">;

/**
 * What notify() reads and writes: the client or a transaction, so an emitter can record the
 * notification in the same transaction as the state change that justifies it (node health alerts).
 */
export type NotifyRecordDeps = Pick<ServiceDeps, "log" | "now"> & { db: Pick<Prisma.TransactionClient, "user" | "systemSetting" | "notificationDelivery"> };

/** Sends one signed POST; throws an Error whose message says why the receiver did not accept it. */
export interface WebhookSender {
  post(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<void>;
}

/** What the delivery loop needs: the channels. `mailer` resolves the SMTP server in effect (env or system settings) per send. */
export interface NotificationDeliveryDeps extends NotifyDeps {
  mailer: Mailer | undefined;
  webhooks: WebhookSender;
}
