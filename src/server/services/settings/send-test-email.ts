import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { configSourceSchema } from "@/server/domain/settings/config-source";
import { effectiveSmtp, type SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { Mailer } from "@/server/services/mail/mailer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import type { SettingsCacheDeps } from "./settings-cache";
import { readSmtpSettings } from "./read-system-settings";

export const testEmailResultSchema = z.object({
  delivered: z.boolean(),
  to: z.string(),
  source: configSourceSchema.exclude(["none"]),
  /** The SMTP server's (or the connection's) error text when not delivered. */
  error: z.string().nullable(),
});
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

/**
 * Sends one message to the admin's own address through the SMTP server in
 * effect, so a wrong host, port, TLS mode or password shows up here with the
 * server's words instead of in a user's missing registration code. Audited
 * with the outcome; the password never appears.
 */
export async function sendTestEmail(
  deps: Pick<ServiceDeps, "db" | "log"> & SettingsCacheDeps & { mailer: Mailer },
  actor: Viewer,
  origin: RequestOrigin,
  envSmtp: SmtpTransportConfig | undefined,
): Promise<TestEmailResult> {
  // Read fresh: the admin usually saves and tests straight away, maybe in another process.
  deps.settingsCache.smtp.clear();
  const { source, config } = effectiveSmtp(envSmtp, await readSmtpSettings(deps));
  if (source === "none" || !config) {
    throw new AppError("PRECONDITION_FAILED", "No SMTP server is configured. Fill in host and sender address under SMTP and save first, or set KUBEBYON_SMTP_HOST.");
  }
  let error: string | null = null;
  try {
    await deps.mailer.send({
      to: actor.email,
      subject: "KubeBYON test email / 测试邮件",
      text: `This test email was sent by KubeBYON through ${config.host}:${config.port}.\n这封测试邮件由 KubeBYON 通过 ${config.host}:${config.port} 发送。`,
      html: `<p>This test email was sent by KubeBYON through ${config.host}:${config.port}.</p><p>这封测试邮件由 KubeBYON 通过 ${config.host}:${config.port} 发送。</p>`,
    });
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  await recordAuditEvent(
    deps.db,
    {
      actorUserId: actor.id,
      action: "settings.smtp_test",
      targetType: "system_settings",
      targetId: "smtp",
      result: error ? "failure" : "success",
      metadata: { to: actor.email, source, host: config.host, port: config.port, ...(error ? { error } : {}) },
    },
    origin,
  );
  deps.log.info("SMTP test email", { actor_id: actor.id, source, delivered: error === null, ...(error ? { error } : {}) });
  return { delivered: error === null, to: actor.email, source, error };
}
