import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { codeFromMail, linkFromMail, startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";
import { hashLinkToken } from "@/server/services/accounts/one-time-secrets";

/**
 * Password reset by emailed code and by link, through the real REST routes,
 * a real database and a real SMTP server.
 */
const BASE_URL = "http://console.kubebyon.test";
let api: InProcessApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startInProcessApi("accounts_password_reset", { ...smtp.env, KUBEBYON_PUBLIC_URL: BASE_URL });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

let ipSeq = 0;
const nextIp = () => `203.0.113.${100 + ++ipSeq}`;

async function post(path: string, body: unknown, ip: string) {
  const res = await api.rest("POST", path, { body, ip });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function requestReset(email: string, ip: string) {
  const since = smtp.messages.length;
  const res = await post("/accounts/password-reset", { email }, ip);
  expect(res).toMatchObject({ status: 200, body: { status: "accepted" } });
  const mail = await smtp.waitForMail(email, { since });
  const link = linkFromMail(mail, `${BASE_URL}/reset-password?token=`);
  return { mail, code: codeFromMail(mail), token: new URL(link).searchParams.get("token")! };
}

const me = async (cookie: string) => (await api.rest("GET", "/me", { cookie })).status;

describe("password reset", () => {
  it("by code: changes the password and ends every session", async () => {
    const user = await api.createUser("reset-code@example.test", "the-old-password-1");
    const phone = await api.login("reset-code@example.test", "the-old-password-1");
    expect(await me(user.cookie)).toBe(200);
    expect(await me(phone.cookie)).toBe(200);

    const ip = nextIp();
    const { mail, code, token } = await requestReset("reset-code@example.test", ip);
    expect(mail.subject).toBe("重置您的 KubeBYON 密码");
    const stored = await api.runtime.deps.db.passwordReset.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.codeHash).not.toContain(code);

    const done = await post("/accounts/password-reset/complete", { email: "reset-code@example.test", code, new_password: "the-new-password-2" }, ip);
    expect(done).toMatchObject({ status: 200, body: { status: "password_changed", revoked_sessions: 2 } });

    expect(await me(user.cookie)).toBe(401);
    expect(await me(phone.cookie)).toBe(401);
    await expect(api.login("reset-code@example.test", "the-old-password-1")).rejects.toThrow(/incorrect/);
    const fresh = await api.login("reset-code@example.test", "the-new-password-2");
    expect(await me(fresh.cookie)).toBe(200);

    // The link from the same email died with the code: one reset, used once.
    const link = await post("/accounts/password-reset/complete", { token, new_password: "yet-another-password-3" }, ip);
    expect(link.status).toBe(400);
    expect(link.body.message).toMatch(/already used/);

    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "account.password_reset_completed", actorUserId: user.id } });
    expect(audit).toMatchObject({ ip, result: "success", metadata: { method: "code", sessions_revoked: 2 } });
  });

  it("by link: works once; the reused link is refused", async () => {
    const user = await api.createUser("reset-link@example.test", "the-old-password-1");
    const ip = nextIp();
    const { token } = await requestReset("reset-link@example.test", ip);

    // The admin's public_base_url setting, when set, is where links point.
    await api.runtime.deps.db.systemSetting.create({ data: { key: "public_base_url", value: "https://console.example.com/" } });
    const since = smtp.messages.length;
    await api.createUser("reset-link-2@example.test", "the-old-password-1");
    await post("/accounts/password-reset", { email: "reset-link-2@example.test" }, ip);
    linkFromMail(await smtp.waitForMail("reset-link-2@example.test", { since }), "https://console.example.com/reset-password?token=");
    await api.runtime.deps.db.systemSetting.delete({ where: { key: "public_base_url" } });
    const done = await post("/accounts/password-reset/complete", { token, new_password: "the-new-password-2" }, ip);
    expect(done).toMatchObject({ status: 200, body: { revoked_sessions: 1 } });
    expect(await me(user.cookie)).toBe(401);

    const reused = await post("/accounts/password-reset/complete", { token, new_password: "attackers-password-9" }, ip);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("This reset link was already used. Request a new password reset.");
    await api.login("reset-link@example.test", "the-new-password-2");

    const failed = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "account.password_reset_failed", actorUserId: user.id } });
    expect(failed.result).toBe("failure");
  });

  it("refuses an expired reset and counts wrong codes", async () => {
    await api.createUser("reset-expired@example.test", "the-old-password-1");
    const ip = nextIp();
    const { token, code } = await requestReset("reset-expired@example.test", ip);
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await post("/accounts/password-reset/complete", { email: "reset-expired@example.test", code: wrong, new_password: "the-new-password-2" }, ip);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The code is incorrect. 4 attempts left.");

    const row = await api.runtime.deps.db.passwordReset.findUniqueOrThrow({ where: { tokenHash: hashLinkToken(token) } });
    expect(row.attempts).toBe(1);
    await api.runtime.deps.db.passwordReset.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await post("/accounts/password-reset/complete", { token, new_password: "the-new-password-2" }, ip);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe("This code has expired. Request a new password reset.");
    await api.login("reset-expired@example.test", "the-old-password-1");
  });

  it("answers the same for unknown addresses and sends nothing to them", async () => {
    await api.createUser("reset-known@example.test", "the-old-password-1");
    const ip = nextIp();
    const unknown = await post("/accounts/password-reset", { email: "reset-unknown@example.test" }, ip);
    await requestReset("reset-known@example.test", ip);
    expect(unknown).toMatchObject({ status: 200, body: { status: "accepted" } });
    expect(smtp.messages.some((m) => m.to.includes("reset-unknown@example.test"))).toBe(false);

    // A second request within a minute answers the same but does not email again.
    const count = smtp.messages.filter((m) => m.to.includes("reset-known@example.test")).length;
    expect((await post("/accounts/password-reset", { email: "reset-known@example.test" }, ip)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.to.includes("reset-known@example.test")).length).toBe(count);
  });

  it("rate limits reset requests and completions per client address", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post("/accounts/password-reset", { email: `flood${i}@example.test` }, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const complete: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post("/accounts/password-reset/complete", { token: `not-a-real-token-${"x".repeat(20)}`, new_password: "the-new-password-2" }, ip);
      complete.push(last.status);
    }
    expect(complete).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
