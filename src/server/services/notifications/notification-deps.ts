import type { Mailer } from "@/server/services/mail/mailer";
import type { ServiceDeps } from "@/server/services/service-deps";

/** Recording a notification needs only the database: every emitter (web, worker, observer) has it. */
export type NotifyDeps = Pick<ServiceDeps, "db" | "log" | "now">;

/** Sends one signed POST; throws an Error whose message says why the receiver did not accept it. */
export interface WebhookSender {
  post(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<void>;
}

/** What the delivery loop needs: the channels. `mailer` resolves the SMTP server in effect (env or system settings) per send. */
export interface NotificationDeliveryDeps extends NotifyDeps {
  mailer: Mailer | undefined;
  webhooks: WebhookSender;
}
