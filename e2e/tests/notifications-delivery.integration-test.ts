import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { codeFromMail, startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "@e2e/env/webhook-receiver";
import { FetchWebhookSender } from "@/server/infra/webhook/fetch-webhook-sender";
import { newId } from "@/server/domain/ids";
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "@/server/domain/notifications/webhook-signature";
import type { SmtpMailer } from "@/server/infra/mail/smtp-mailer";
import { deliverDueNotifications } from "@/server/services/notifications/deliver-due-notifications";
import type { NotificationDeliveryDeps } from "@/server/services/notifications/notification-deps";
import { notifyClusterEvent, notifyNodeEvents } from "@/server/services/notifications/emitters";

/**
 * Notifications end to end: the REST routes in-process on a real database,
 * email through a real SMTP server, webhooks to a real HTTP receiver that
 * checks the HMAC signature. The delivery loop runs with a clock the test
 * moves, so retries and backoff are observed without waiting.
 */
const PASSWORD = "a-long-password-1";
let api: InProcessApi;
let smtp: TestSmtpServer;
let hook: WebhookReceiver;
let admin: { cookie: string };
let delivery: NotificationDeliveryDeps | undefined;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  hook = await startWebhookReceiver();
  // web-env.ts makes admin@example.test the first administrator.
  api = await startInProcessApi("notifications_delivery", smtp.env);
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
});

afterAll(async () => {
  // Ends the SMTP pools (delivery loop, account emails), so the test SMTP server can close at once instead of after its 30 s grace.
  (delivery?.mailer as SmtpMailer | undefined)?.close();
  await api?.close(); // closes the runtime's SMTP pool (account emails) too
  await smtp?.close();
  await hook?.close();
});

beforeEach(async () => {
  hook.behave({ status: 204 });
  await api.runtime.deps.db.systemSetting.deleteMany({ where: { key: "notification_delivery" } });
});

/** Runs one pass of the delivery loop as of `at` (default: now), with the production channels. */
async function deliver(at = new Date()): Promise<number> {
  delivery ??= { db: api.runtime.deps.db, now: api.runtime.deps.now, log: api.runtime.log, mailer: api.runtime.deps.mailer, webhooks: new FetchWebhookSender() };
  return deliverDueNotifications({ ...delivery, now: () => at });
}

async function json<T>(res: Response): Promise<{ status: number; body: T }> {
  return { status: res.status, body: (await res.json()) as T };
}

async function userWithWebhook(email: string) {
  const user = await api.createUser(email, PASSWORD);
  const set = await json<{ url: string; secret: string | null }>(await api.rest("PUT", "/notifications/webhook", { cookie: user.cookie, body: { url: hook.url } }));
  expect(set.status).toBe(200);
  expect(set.body.secret).toMatch(/^whsec_/);
  return { ...user, email, secret: set.body.secret! };
}

async function createApiKey(cookie: string, name: string) {
  const res = await api.rest("POST", "/api-keys", { cookie, body: { name, current_password: PASSWORD } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { api_key: { id: string } }).api_key.id;
}

const rowsFor = (userId: string, event: string) =>
  api.runtime.deps.db.notificationDelivery.findMany({ where: { userId, event }, orderBy: { channel: "asc" } });

describe("notification delivery", () => {
  it("records and sends a new-API-key notification by email and by signed webhook", async () => {
    const user = await userWithWebhook("keys@example.test");
    const since = hook.received.length;
    await createApiKey(user.cookie, "ci deploy");

    const pending = await rowsFor(user.id, "api_key.created");
    expect(pending.map((r) => [r.channel, r.status, r.attempts])).toEqual([["email", "pending", 0], ["webhook", "pending", 0]]);

    expect(await deliver()).toBeGreaterThanOrEqual(2);
    const mail = await smtp.waitForMail(user.email, { match: (m) => m.subject.includes("ci deploy") });
    expect(mail.subject).toBe("新的 API Key「ci deploy」");
    expect(mail.text).toContain("吊销");

    const request = hook.received.slice(since).find((r) => r.headers["x-kubebyon-event"] === "api_key.created");
    expect(request).toBeDefined();
    const signature = String(request!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(user.secret, signature, request!.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifyWebhookSignature(user.secret, signature, request!.body.replace("ci deploy", "ci deplox"), Math.floor(Date.now() / 1000))).toBe(false);
    expect(verifyWebhookSignature("whsec_wrong", signature, request!.body, Math.floor(Date.now() / 1000))).toBe(false);
    const payload = JSON.parse(request!.body) as Record<string, unknown>;
    const webhookRow = (await rowsFor(user.id, "api_key.created")).find((r) => r.channel === "webhook")!;
    expect(payload).toMatchObject({ id: webhookRow.id, type: "api_key.created", user_id: user.id, data: { api_key_name: "ci deploy" } });
    expect(request!.headers["x-kubebyon-delivery"]).toBe(webhookRow.id);

    const sent = await rowsFor(user.id, "api_key.created");
    expect(sent.map((r) => [r.channel, r.status, r.attempts, r.lastError])).toEqual([["email", "sent", 1, null], ["webhook", "sent", 1, null]]);

    const mine = await json<{ items: { channel: string; status: string }[]; next_cursor: string | null }>(await api.rest("GET", "/notifications/deliveries?event=api_key.created", { cookie: user.cookie }));
    expect(mine.body.items).toHaveLength(2);
    expect(mine.body.next_cursor).toBeNull();
    expect(mine.body.items.every((i) => i.status === "sent")).toBe(true);
  });

  it("respects the user's preferences and the administrator's channel switches", async () => {
    const user = await userWithWebhook("prefs@example.test");
    const before = await json<{ preferences: { event: string; email: boolean; webhook: boolean }[] }>(await api.rest("GET", "/notifications/preferences", { cookie: user.cookie }));
    expect(before.body.preferences.find((p) => p.event === "node.joined")).toEqual({ event: "node.joined", email: false, webhook: true });
    expect(before.body.preferences.find((p) => p.event === "api_key.created")).toEqual({ event: "api_key.created", email: true, webhook: true });

    const saved = await json<{ preferences: { event: string; email: boolean; webhook: boolean }[] }>(
      await api.rest("PUT", "/notifications/preferences", { cookie: user.cookie, body: { preferences: [{ event: "api_key.created", email: false }] } }),
    );
    expect(saved.body.preferences.find((p) => p.event === "api_key.created")).toEqual({ event: "api_key.created", email: false, webhook: true });

    await createApiKey(user.cookie, "webhook only");
    expect((await rowsFor(user.id, "api_key.created")).map((r) => r.channel)).toEqual(["webhook"]);

    // The administrator switches webhooks off: nothing is recorded for that channel any more.
    const patched = await api.rest("PATCH", "/admin/notifications/settings", { cookie: admin.cookie, body: { webhook_enabled: false } });
    expect(await json(patched)).toMatchObject({ status: 200, body: { webhook_enabled: false, email_enabled: true, smtp_configured: true } });
    await createApiKey(user.cookie, "nothing at all");
    expect(await rowsFor(user.id, "api_key.created")).toHaveLength(1);

    // Default preferences: node.joined is not emailed. An offline event sends nothing at once any more:
    // node health alerts notify node.unhealthy after a threshold (services/node-health).
    const cluster = { id: "cl_prefs", name: "prefs-cluster", ownerId: user.id };
    await api.rest("PATCH", "/admin/notifications/settings", { cookie: admin.cookie, body: { webhook_enabled: true } });
    await notifyNodeEvents(api.runtime.deps, cluster, [
      { nodeName: "worker-1", type: "joined", message: "Node registered with status ready." },
      { nodeName: "worker-1", type: "cordoned", message: "Node is cordoned." },
      { nodeName: "worker-1", type: "offline", message: "Node stopped reporting status (Ready is Unknown)." },
    ]);
    expect((await rowsFor(user.id, "node.joined")).map((r) => r.channel)).toEqual(["webhook"]);
    expect(await rowsFor(user.id, "node.offline")).toEqual([]);
    await notifyClusterEvent(api.runtime.deps, cluster, "cluster.ready", { api_endpoint: "https://203.0.113.9:31443" });
    const ready = await rowsFor(user.id, "cluster.ready");
    expect(ready.find((r) => r.channel === "webhook")?.payload).toMatchObject({ type: "cluster.ready", data: { cluster_id: "cl_prefs", cluster_name: "prefs-cluster", api_endpoint: "https://203.0.113.9:31443" } });

    await deliver(); // leaves nothing pending for the next test
    const audit = await api.runtime.deps.db.auditEvent.findFirst({ where: { actorUserId: user.id, action: "notification.preferences_update" } });
    expect(audit?.metadata).toEqual({ changes: [{ event: "api_key.created", email: false }] });
  });

  it("retries a failing webhook with backoff, then fails it with last_error, while the action succeeded", async () => {
    await api.rest("PATCH", "/admin/notifications/settings", { cookie: admin.cookie, body: { max_attempts: 3, webhook_timeout_seconds: 1 } });
    const user = await userWithWebhook("failing@example.test");
    hook.behave({ status: 500, body: "receiver is broken" });
    const keyId = await createApiKey(user.cookie, "while broken");
    expect(await api.runtime.deps.db.apiKey.findUnique({ where: { id: keyId } })).not.toBeNull();

    const t0 = new Date(Date.now() + 1000);
    const webhookRow = async () => (await rowsFor(user.id, "api_key.created")).find((r) => r.channel === "webhook")!;
    const countFor = (id: string) => hook.received.filter((r) => r.headers["x-kubebyon-delivery"] === id).length;

    await deliver(t0);
    let row = await webhookRow();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "The receiver answered 500: receiver is broken" });
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
    // The email channel is independent of the broken webhook.
    expect((await rowsFor(user.id, "api_key.created")).find((r) => r.channel === "email")?.status).toBe("sent");

    await deliver(new Date(t0.getTime() + 10_000)); // before the backoff: not retried
    expect(countFor(row.id)).toBe(1);

    hook.behave({ hang: true });
    await deliver(new Date(t0.getTime() + 31_000));
    row = await webhookRow();
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastError: "No answer within 1 s." });
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + 31_000 + 60_000);

    hook.behave({ status: 302, location: `${hook.url}/elsewhere` });
    await deliver(new Date(t0.getTime() + 92_000));
    row = await webhookRow();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row.lastError).toMatch(/answered 302 \(redirects are not followed/);
    expect(countFor(row.id)).toBe(3);
    expect(hook.received.some((r) => r.path.endsWith("/elsewhere"))).toBe(false);

    await deliver(new Date(t0.getTime() + 10_000_000)); // failed is final
    expect(countFor(row.id)).toBe(3);

    const all = await json<{ items: { id: string; status: string; last_error: string | null; user_email: string }[] }>(
      await api.rest("GET", `/admin/notifications/deliveries?status=failed&user=${encodeURIComponent(user.email)}`, { cookie: admin.cookie }),
    );
    expect(all.body.items.map((i) => [i.id, i.user_email])).toEqual([[row.id, user.email]]);
  });

  it("emails a password change after a reset", async () => {
    const user = await api.createUser("changed@example.test", PASSWORD);
    const since = smtp.messages.length;
    expect((await api.rest("POST", "/accounts/password-reset", { body: { email: "changed@example.test" }, ip: "203.0.113.61" })).status).toBe(200);
    const code = codeFromMail(await smtp.waitForMail("changed@example.test", { since }));
    const done = await api.rest("POST", "/accounts/password-reset/complete", { body: { email: "changed@example.test", code, new_password: "another-password-2" }, ip: "203.0.113.61" });
    expect(done.status).toBe(200);
    expect((await rowsFor(user.id, "account.password_changed")).map((r) => [r.channel, r.status])).toEqual([["email", "pending"]]);
    await deliver();
    const mail = await smtp.waitForMail("changed@example.test", { match: (m) => m.subject === "您的 KubeBYON 密码已修改" });
    expect(mail.text).toContain("重置密码");
  });

  it("notifies the owner when a plan limit refuses a cluster", async () => {
    const user = await api.createUser("quota@example.test", PASSWORD);
    const planId = newId("pln");
    await api.runtime.deps.db.plan.create({ data: { id: planId, code: `none-${planId}`, name: "No clusters", clusterQuota: 0, nodeQuota: 1 } });
    const { grantPlan } = await import("@e2e/env/grant-plan");
    await grantPlan(api.runtime.deps.db, user.id, planId);
    const refused = await api.rest("POST", "/clusters", { cookie: user.cookie, body: { name: "one too many", control_plane_host: "203.0.113.7" } });
    expect(refused.status).toBe(409);
    const rows = await rowsFor(user.id, "quota.reached");
    expect(rows.map((r) => r.channel)).toEqual(["email"]);
    expect(rows[0]!.payload).toMatchObject({ data: { action: "cluster.create" } });
    expect(rows[0]!.subject).toBe("您已达到套餐上限");
  });

  it("validates webhook URLs and shows the secret only when created or rotated", async () => {
    const user = await userWithWebhook("rotate@example.test");
    const plain = await json<{ message: string }>(await api.rest("PUT", "/notifications/webhook", { cookie: user.cookie, body: { url: "http://hooks.example.com/x" } }));
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain("must start with https://");
    const kept = await json<{ secret: string | null }>(await api.rest("PUT", "/notifications/webhook", { cookie: user.cookie, body: { url: `${hook.url}?v=2` } }));
    expect(kept.body.secret).toBeNull();
    const stored = await api.runtime.deps.db.notificationWebhook.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.secret).toBe(user.secret);
    const rotated = await json<{ secret: string | null }>(await api.rest("PUT", "/notifications/webhook", { cookie: user.cookie, body: { url: hook.url, rotate_secret: true } }));
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(user.secret);
    const view = await api.rest("GET", "/notifications/preferences", { cookie: user.cookie });
    expect(await view.text()).not.toContain(rotated.body.secret!);
    expect((await api.rest("DELETE", "/notifications/webhook", { cookie: user.cookie })).status).toBe(200);
    expect((await api.rest("DELETE", "/notifications/webhook", { cookie: user.cookie })).status).toBe(404);

    // Another user sees none of this user's deliveries.
    const other = await api.createUser("other@example.test", PASSWORD);
    const theirs = await json<{ items: unknown[]; next_cursor: string | null }>(await api.rest("GET", "/notifications/deliveries", { cookie: other.cookie }));
    expect(theirs.body).toEqual({ items: [], next_cursor: null });
  });
});
