import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";

/**
 * KUBEBYON_SMTP_HOST wins over the SMTP server saved in system settings: the
 * admin page says so, and mail (account email, the test email) goes through the
 * environment's server even though the settings point at another one.
 */
let api: InProcessApi;
let envSmtp: TestSmtpServer;
let settingsSmtp: TestSmtpServer;
let admin: { cookie: string };

beforeAll(async () => {
  envSmtp = await startTestSmtpServer();
  settingsSmtp = await startTestSmtpServer();
  api = await startInProcessApi("smtp_settings_env", envSmtp.env);
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
});

afterAll(async () => {
  await api?.close(); // closes the runtime's SMTP pool too
  await envSmtp?.close();
  await settingsSmtp?.close();
});

describe("SMTP from the environment over system settings", () => {
  it("shows env as the source and sends through the environment's server", async () => {
    const saved = await api.rest("PATCH", "/admin/settings", { cookie: admin.cookie, body: { smtp: { host: "127.0.0.1", port: settingsSmtp.port, from: "settings@kubebyon.test" } } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { smtp: { effective_source: string } }).smtp.effective_source).toBe("env");

    const res = await api.rest("POST", "/accounts/register", { body: { email: "eve@example.test", password: "a-long-enough-password", display_name: "Eve", locale: "en" }, ip: "203.0.113.60" });
    expect(res.status).toBe(200);
    const mail = await envSmtp.waitForMail("eve@example.test");
    expect(mail.from).toContain("noreply@kubebyon.test");

    const test = await api.rest("POST", "/admin/settings/smtp/test", { cookie: admin.cookie, body: {} });
    expect(await test.json()).toEqual({ delivered: true, to: "admin@example.test", source: "env", error: null });
    await envSmtp.waitForMail("admin@example.test");
    expect(settingsSmtp.messages).toEqual([]);
  });
});
