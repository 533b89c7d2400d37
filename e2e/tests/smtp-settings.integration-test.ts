import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { codeFromMail, startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";

/**
 * The SMTP server kept in system settings, with no KUBEBYON_SMTP_* in the
 * environment: the password is write-only (never returned or audited), account
 * email goes through the saved server (a real local SMTP server), and the admin's
 * test email reports success or the connection's error text, audited both ways.
 */
let api: InProcessApi;
let smtp: TestSmtpServer;
let admin: { cookie: string };
const PASSWORD = "smtp-password-that-is-secret-WXYZ";

type SmtpView = { host: string | null; port: number; secure: boolean; user: string | null; password_set: boolean; password_hint: string | null; from: string | null; effective_source: string };

const save = async (smtpPatch: unknown) => {
  const res = await api.rest("PATCH", "/admin/settings", { cookie: admin.cookie, body: { smtp: smtpPatch } });
  return { status: res.status, text: await res.text() };
};
const read = async () => ((await (await api.rest("GET", "/admin/settings", { cookie: admin.cookie })).json()) as { smtp: SmtpView }).smtp;
const testEmail = async () => {
  const res = await api.rest("POST", "/admin/settings/smtp/test", { cookie: admin.cookie, body: {} });
  return { status: res.status, body: (await res.json()) as { delivered: boolean; to: string; source: string; error: string | null } };
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startInProcessApi("smtp_settings", { KUBEBYON_PUBLIC_URL: "http://console.kubebyon.test" });
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
});

afterAll(async () => {
  // Ends the runtime's SMTP pool so the test server closes at once.
  await api?.close();
  await smtp?.close();
});

describe("SMTP in system settings", () => {
  it("refuses code emails and the test email while no SMTP server is configured", async () => {
    expect(await read()).toEqual({ host: null, port: 587, secure: false, user: null, password_set: false, password_hint: null, from: null, effective_source: "none" });
    const res = await api.rest("POST", "/accounts/register", { body: { email: "nobody@example.test", password: "a-long-enough-password", display_name: "N", locale: "en" }, ip: "203.0.113.50" });
    expect(res.status).toBe(412);
    expect(await res.text()).toContain("System settings");
    expect((await testEmail()).status).toBe(412);
  });

  it("saves the server, never returns or audits the password, and rejects bad values", async () => {
    const saved = await save({ host: " SMTP.Example.com ", port: 2525, secure: true, user: "mailer", password: PASSWORD, from: "KubeBYON <noreply@example.com>" });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(PASSWORD);
    expect(await read()).toEqual({
      host: "smtp.example.com", port: 2525, secure: true, user: "mailer", password_set: true, password_hint: "••••WXYZ", from: "KubeBYON <noreply@example.com>", effective_source: "settings",
    });
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { createdAt: "desc" } });
    expect(JSON.stringify(audit.metadata)).not.toContain(PASSWORD);
    expect(audit.metadata).toMatchObject({ changed: ["smtp"], values: { smtp: { host: "smtp.example.com", user: "mailer", password: "[set]" } } });

    // An empty password keeps the stored one; a bad sender or port is refused with the fix.
    expect((await save({ password: "" })).status).toBe(200);
    expect((await read()).password_set).toBe(true);
    const badFrom = await save({ from: "not an address" });
    expect(badFrom.status).toBe(400);
    expect(badFrom.text).toContain("smtp.from must be a sender address");
    expect((await save({ port: 70000 })).status).toBe(400);

    // null removes the password.
    expect((await save({ user: null, password: null })).status).toBe(200);
    expect(await read()).toMatchObject({ user: null, password_set: false, password_hint: null });
  });

  it("delivers the registration code through the saved server", async () => {
    // The local relay speaks plain SMTP without auth.
    expect((await save({ host: "127.0.0.1", port: smtp.port, secure: false, from: "Settings Mailer <settings@kubebyon.test>" })).status).toBe(200);
    const since = smtp.messages.length;
    const res = await api.rest("POST", "/accounts/register", { body: { email: "sally@example.test", password: "a-long-enough-password", display_name: "Sally", locale: "en" }, ip: "203.0.113.51" });
    expect(res.status).toBe(200);
    const mail = await smtp.waitForMail("sally@example.test", { since });
    expect(mail.from).toContain("settings@kubebyon.test");
    expect(codeFromMail(mail)).toMatch(/^\d{6}$/);
  });

  it("sends a test email to the admin and reports the SMTP error text when the server is wrong; both audited", async () => {
    const since = smtp.messages.length;
    const ok = await testEmail();
    expect(ok).toEqual({ status: 200, body: { delivered: true, to: "admin@example.test", source: "settings", error: null } });
    const mail = await smtp.waitForMail("admin@example.test", { since });
    expect(mail.subject).toContain("KubeBYON test email");

    expect((await save({ port: await closedPort() })).status).toBe(200);
    const failed = await testEmail();
    expect(failed.status).toBe(200);
    expect(failed.body.delivered).toBe(false);
    expect(failed.body.error).toMatch(/ECONNREFUSED/);

    const events = await api.runtime.deps.db.auditEvent.findMany({ where: { action: "settings.smtp_test" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.result)).toEqual(["success", "failure"]);
    expect(events[1]!.metadata).toMatchObject({ to: "admin@example.test", source: "settings", error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it("is admin only", async () => {
    const user = await api.createUser("plain@example.test", "plain-password-123");
    const res = await api.rest("POST", "/admin/settings/smtp/test", { cookie: user.cookie, body: {} });
    expect(res.status).toBe(403);
  });
});
