import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { codeFromMail, startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";

/**
 * Email change through the real REST route on a real database and a real SMTP
 * server: the code is read out of the mail delivered to the new address.
 */
let api: InProcessApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startInProcessApi("profile_email_change", smtp.env);
});
afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

// The auth limiter counts code sends/verifies per client address; tests that need more than the burst use their own.
const TAKEN_IP = "198.51.100.66";

type Json = Record<string, unknown> & { message?: string };
async function post(path: string, cookie: string, body: unknown, ip?: string) {
  const res = await api.rest("POST", path, { cookie, body, ip });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

describe("change email", () => {
  it("needs the current password, confirms by the code sent to the new address, then signs in with the new address", async () => {
    const user = await api.createUser("old-address@example.test", "email-change-password");
    expect((await post("/profile/email", user.cookie, { new_email: "new-address@example.test" })).status).toBe(403);
    expect((await post("/profile/email", user.cookie, { new_email: "new-address@example.test", current_password: "wrong-wrong-wrong" })).status).toBe(403);

    const since = smtp.messages.length;
    const started = await post("/profile/email", user.cookie, { new_email: " New-Address@Example.test ", current_password: "email-change-password" });
    expect(started).toMatchObject({ status: 200, body: { status: "verification_required", email: "new-address@example.test", code_expires_in_seconds: 900, resend_after_seconds: 60 } });
    const mail = await smtp.waitForMail("new-address@example.test", { since });
    // No language chosen: emails default to zh-CN.
    expect(mail.subject).toBe("确认您的 KubeBYON 新邮箱地址");
    const code = codeFromMail(mail);
    // Nothing changed yet.
    expect((await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("old-address@example.test");

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await post("/profile/email/verify", user.cookie, { new_email: "new-address@example.test", code: wrongCode });
    expect(wrong).toMatchObject({ status: 400, body: { message: "The code is incorrect. 4 attempts left." } });

    const noticeSince = smtp.messages.length;
    const done = await post("/profile/email/verify", user.cookie, { new_email: "new-address@example.test", code });
    expect(done).toMatchObject({ status: 200, body: { email: "new-address@example.test" } });
    const notice = await smtp.waitForMail("old-address@example.test", { since: noticeSince });
    expect(notice.text).toContain("new-address@example.test");

    await expect(api.login("new-address@example.test", "email-change-password")).resolves.toBeDefined();
    await expect(api.login("old-address@example.test", "email-change-password")).rejects.toThrow();
    const reused = await post("/profile/email/verify", user.cookie, { new_email: "new-address@example.test", code });
    expect(reused.status).toBe(400);

    const actions = await api.runtime.deps.db.auditEvent.findMany({ where: { actorUserId: user.id, action: { startsWith: "profile.email_change" } }, orderBy: { createdAt: "asc" }, select: { action: true, result: true } });
    expect(actions).toEqual([
      { action: "profile.email_change_requested", result: "success" },
      { action: "profile.email_change_failed", result: "failure" },
      { action: "profile.email_change", result: "success" },
      { action: "profile.email_change_failed", result: "failure" },
    ]);
  });

  it("binds the code to the account that asked: another signed-in user cannot use it", async () => {
    const alice = await api.createUser("alice-email@example.test", "alice-email-password");
    const mallory = await api.createUser("mallory-email@example.test", "mallory-email-password");
    const since = smtp.messages.length;
    await post("/profile/email", alice.cookie, { new_email: "alice-new@example.test", current_password: "alice-email-password" });
    const code = codeFromMail(await smtp.waitForMail("alice-new@example.test", { since }));

    const stolen = await post("/profile/email/verify", mallory.cookie, { new_email: "alice-new@example.test", code });
    expect(stolen).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not valid or was already used/) } });
    expect((await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id: mallory.id } })).email).toBe("mallory-email@example.test");
    // Mallory's try did not use up Alice's attempts.
    expect((await post("/profile/email/verify", alice.cookie, { new_email: "alice-new@example.test", code })).status).toBe(200);
  });

  it("answers the same for an address that has an account, emails nothing, and the change cannot be confirmed", async () => {
    await api.createUser("taken@example.test", "taken-user-password");
    const user = await api.createUser("wants-taken@example.test", "wants-taken-password");
    const since = smtp.messages.length;
    const res = await post("/profile/email", user.cookie, { new_email: "taken@example.test", current_password: "wants-taken-password" }, TAKEN_IP);
    expect(res).toMatchObject({ status: 200, body: { status: "verification_required", email: "taken@example.test" } });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.slice(since).some((m) => m.to.includes("taken@example.test"))).toBe(false);
    expect((await post("/profile/email/verify", user.cookie, { new_email: "taken@example.test", code: "123456" }, TAKEN_IP)).status).toBe(400);
    const requested = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { actorUserId: user.id, action: "profile.email_change_requested" } });
    expect(requested).toMatchObject({ result: "failure", metadata: { reason: "email_in_use" } });
  });

  it("refuses the current address and a second code within a minute (429 with Retry-After)", async () => {
    const user = await api.createUser("cooldown@example.test", "cooldown-password-1");
    const same = await post("/profile/email", user.cookie, { new_email: "cooldown@example.test", current_password: "cooldown-password-1" }, "198.51.100.77");
    expect(same).toMatchObject({ status: 400, body: { message: "This is already your email address. Enter a different one." } });
    expect((await post("/profile/email", user.cookie, { new_email: "cool-1@example.test", current_password: "cooldown-password-1" }, "198.51.100.77")).status).toBe(200);
    const again = await post("/profile/email", user.cookie, { new_email: "cool-2@example.test", current_password: "cooldown-password-1" }, "198.51.100.77");
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
