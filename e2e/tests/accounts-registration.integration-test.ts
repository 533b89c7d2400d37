import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { codeFromMail, startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";

/**
 * Sign-up with an emailed code through the real REST routes, a real database
 * and a real SMTP server: the test reads each code out of the delivered email.
 */
let api: InProcessApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startInProcessApi("accounts_registration", { ...smtp.env, KUBEBYON_PUBLIC_URL: "http://console.kubebyon.test" });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const PASSWORD = "a-long-enough-password";
let ipSeq = 0;
/** Each test gets its own client address, so the auth rate limit (burst 5) only bites where a test wants it. */
const nextIp = () => `203.0.113.${++ipSeq}`;

async function post(path: string, body: unknown, ip: string) {
  const res = await api.rest("POST", path, { body, ip });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function registerAndReadCode(email: string, ip: string, locale: "en" | "zh-CN" = "en") {
  const since = smtp.messages.length;
  const res = await post("/accounts/register", { email, password: PASSWORD, display_name: "Rita Register", locale }, ip);
  expect(res.status).toBe(200);
  const mail = await smtp.waitForMail(email, { since });
  return { res, mail, code: codeFromMail(mail) };
}

const latestCodeRow = (email: string) =>
  api.runtime.deps.db.emailVerificationCode.findFirstOrThrow({ where: { email, purpose: "register" }, orderBy: { createdAt: "desc" } });

describe("registration with an emailed code", () => {
  it("registers, emails a code, refuses login until verified, then activates and signs in", async () => {
    const ip = nextIp();
    const email = "Rita@Example.test";
    const { res, mail, code } = await registerAndReadCode(email, ip);
    expect(res.body).toEqual({ status: "verification_required", email: "rita@example.test", code_expires_in_seconds: 900, resend_after_seconds: 60 });
    expect(mail.subject).toBe("Your KubeBYON verification code");
    expect(mail.from).toContain("noreply@kubebyon.test");

    // Stored hashed, never in clear.
    const row = await latestCodeRow("rita@example.test");
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^\$argon2id\$/);

    const user = await api.runtime.deps.db.user.findUniqueOrThrow({ where: { email: "rita@example.test" } });
    expect(user.emailVerifiedAt).toBeNull();
    await expect(api.login("rita@example.test", PASSWORD, ip)).rejects.toThrow(/Confirm your email address first/);

    const verified = await post("/accounts/register/verify", { email, code, password: PASSWORD }, ip);
    expect(verified).toMatchObject({ status: 200, body: { status: "active", email: "rita@example.test" } });

    const { cookie } = await api.login("rita@example.test", PASSWORD, ip);
    const me = await api.rest("GET", "/me", { cookie, ip });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "rita@example.test", name: "Rita Register", role: "user" });

    // The code is single use.
    const again = await post("/accounts/register/verify", { email, code, password: PASSWORD }, ip);
    expect(again.status).toBe(400);

    const actions = (await api.runtime.deps.db.auditEvent.findMany({ where: { actorUserId: user.id }, orderBy: { createdAt: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["account.registered", "account.email_verified", "auth.login"]));
    const registered = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "account.registered", actorUserId: user.id } });
    expect(registered).toMatchObject({ ip, userAgent: null, targetType: "user", targetId: user.id });
  });

  it("counts wrong codes and refuses even the right code once the attempts are used up", async () => {
    const ip = nextIp();
    const email = "wrong-code@example.test";
    const { code } = await registerAndReadCode(email, ip);
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await post("/accounts/register/verify", { email, code: wrong, password: PASSWORD }, ip);
    expect(first.status).toBe(400);
    expect(first.body.message).toBe("The code is incorrect. 4 attempts left.");
    // Rate limit is per address: the remaining guesses come from elsewhere, as a distributed guesser would.
    for (let i = 0; i < 4; i++) await post("/accounts/register/verify", { email, code: wrong, password: PASSWORD }, nextIp());
    expect((await latestCodeRow(email)).attempts).toBe(5);
    const right = await post("/accounts/register/verify", { email, code, password: PASSWORD }, nextIp());
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/Too many wrong codes were entered\. Request a new code\./);
    expect((await api.runtime.deps.db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
  });

  it("never counts more than 5 tries, even for guesses sent in parallel", async () => {
    const email = "parallel@example.test";
    const { code } = await registerAndReadCode(email, nextIp());
    const wrong = code === "000000" ? "111111" : "000000";
    const results = await Promise.all(Array.from({ length: 8 }, () => post("/accounts/register/verify", { email, code: wrong, password: PASSWORD }, nextIp())));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(400));
    expect(results.filter((r) => /Too many wrong codes/.test(String(r.body.message)))).toHaveLength(3);
    expect((await latestCodeRow(email)).attempts).toBe(5);
  });

  it("refuses the right code with the wrong password (a later re-registration cannot be activated by an earlier code holder)", async () => {
    const ip = nextIp();
    const email = "pw-mismatch@example.test";
    const { code } = await registerAndReadCode(email, ip);
    const res = await post("/accounts/register/verify", { email, code, password: "some-other-password" }, ip);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/password does not match/);
    expect((await latestCodeRow(email)).attempts).toBe(1);
  });

  it("refuses an expired code", async () => {
    const ip = nextIp();
    const email = "expired-code@example.test";
    const { code } = await registerAndReadCode(email, ip);
    const row = await latestCodeRow(email);
    await api.runtime.deps.db.emailVerificationCode.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await post("/accounts/register/verify", { email, code, password: PASSWORD }, ip);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This code has expired. Request a new code.");
  });

  it("resends at most once a minute; the new code replaces the old one", async () => {
    const ip = nextIp();
    const email = "resend@example.test";
    const { code: oldCode } = await registerAndReadCode(email, ip);

    const tooSoon = await post("/accounts/register/resend", { email }, ip);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(tooSoon.body.message).toMatch(/Wait \d+ s/);

    // Age the last code past the cooldown instead of sleeping a minute.
    const row = await latestCodeRow(email);
    await api.runtime.deps.db.emailVerificationCode.update({ where: { id: row.id }, data: { createdAt: new Date(Date.now() - 61_000) } });
    const since = smtp.messages.length;
    const resent = await post("/accounts/register/resend", { email }, ip);
    expect(resent).toMatchObject({ status: 200, body: { status: "sent", resend_after_seconds: 60 } });
    const newCode = codeFromMail(await smtp.waitForMail(email, { since }));

    if (newCode !== oldCode) {
      const old = await post("/accounts/register/verify", { email, code: oldCode, password: PASSWORD }, ip);
      expect(old.status).toBe(400);
    }
    const ok = await post("/accounts/register/verify", { email, code: newCode, password: PASSWORD }, nextIp());
    expect(ok.status).toBe(200);
  });

  it("answers an already registered address exactly like a new one, and emails its owner a notice instead of a code", async () => {
    const owner = await api.createUser("owner@example.test", "the-owners-password");
    const codesBefore = await api.runtime.deps.db.emailVerificationCode.count({ where: { email: "owner@example.test" } });
    const since = smtp.messages.length;
    const taken = await post("/accounts/register", { email: "owner@example.test", password: PASSWORD, display_name: "Impostor", locale: "en" }, nextIp());
    const fresh = await post("/accounts/register", { email: "brand-new@example.test", password: PASSWORD, display_name: "New", locale: "en" }, nextIp());
    expect(taken.status).toBe(fresh.status);
    expect({ ...taken.body, email: "x" }).toEqual({ ...fresh.body, email: "x" });
    expect(taken.body.email).toBe("owner@example.test");

    const notice = await smtp.waitForMail("owner@example.test", { since });
    expect(notice.subject).toBe("Someone tried to register with your email on KubeBYON");
    expect(notice.text).toContain("http://console.kubebyon.test/forgot-password");
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(await api.runtime.deps.db.emailVerificationCode.count({ where: { email: "owner@example.test" } })).toBe(codesBefore);
    // Nothing about the account changed: the owner's password still works, the impostor's does not.
    const user = await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(user.name).toBe("owner");
    await expect(api.login("owner@example.test", PASSWORD)).rejects.toThrow(/incorrect/);
    await api.login("owner@example.test", "the-owners-password");

    // Resend for an unknown address: the same answer, and no email.
    const unknown = await post("/accounts/register/resend", { email: "nobody@example.test" }, nextIp());
    expect(unknown).toMatchObject({ status: 200, body: { status: "sent" } });
    expect(smtp.messages.some((m) => m.to.includes("nobody@example.test"))).toBe(false);
  });

  it("answers simultaneous sign-ups for the same new address alike, with one account and no error", async () => {
    const email = "twice-at-once@example.test";
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => post("/accounts/register", { email, password: PASSWORD, display_name: "Racer", locale: "en" }, nextIp())),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await api.runtime.deps.db.user.count({ where: { email } })).toBe(1);
  });

  it("writes the email in the registrant's language", async () => {
    const { mail } = await registerAndReadCode("zh@example.test", nextIp(), "zh-CN");
    expect(mail.subject).toBe("您的 KubeBYON 验证码");
    expect(mail.text).toContain("分钟内在注册页面输入该验证码");
  });

  it("rate limits registration per client address with 429 and Retry-After", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post("/accounts/register", { email: `flood${i}@example.test`, password: PASSWORD, display_name: "Flood" }, ip);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.body.message).toMatch(/Too many attempts from your address/);
    // Another address is not affected.
    expect((await post("/accounts/register", { email: "flood-other@example.test", password: PASSWORD, display_name: "Other" }, nextIp())).status).toBe(200);
  });

  it("rejects invalid input with field messages", async () => {
    const res = await post("/accounts/register", { email: "not-an-email", password: "short", display_name: "" }, nextIp());
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Enter a valid email address/);
  });
});
