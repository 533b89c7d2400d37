import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * The activity stream over the REST adapter on a real database: admins see
 * every audit_events row newest first with filters and cursor paging; users see
 * only what they did. Events come from real actions (logins, a failed login,
 * cluster create/update/delete, sign-out everywhere, a settings change).
 */
let api: InProcessApi;
let admin: { cookie: string; id: string };
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let clusterId: string;

type Event = { id: string; action: string; result: string; actor: { id: string; email: string } | null; target_type: string | null; target_id: string | null; ip: string | null; user_agent: string | null; created_at: string };
type Page = { items: Event[]; next_cursor: string | null };

const list = async (path: string, cookie = admin.cookie) => {
  const res = await api.rest("GET", path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
};

beforeAll(async () => {
  api = await startInProcessApi("backoffice_activity");
  const row = await api.runtime.deps.db.user.findUniqueOrThrow({ where: { email: "admin@example.test" } });
  admin = { ...(await api.login("admin@example.test", "correct-horse-battery-staple")), id: row.id };
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  await expect(api.login("alice@example.test", "wrong-password-000", "203.0.113.66")).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  const created = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name: "alice demo", control_plane_host: "203.0.113.7" }, ip: "203.0.113.77" });
  clusterId = ((await created.json()) as { id: string }).id;
  // Updates are refused while the create job has not run; play a finished create.
  await api.runtime.deps.db.cluster.update({ where: { id: clusterId }, data: { status: "ready" } });
  const renamed = await api.rest("PATCH", `/clusters/${clusterId}`, { cookie: alice.cookie, body: { name: "alice renamed" } });
  expect(renamed.status).toBe(200);
  await api.rest("PATCH", "/admin/settings", { cookie: admin.cookie, body: { public_base_url: "https://console.example.com" } });
  await api.rest("POST", "/clusters", { cookie: bob.cookie, body: { name: "bob demo", control_plane_host: "203.0.113.8" } });
});

afterAll(() => api?.close());

describe("admin activity stream", () => {
  it("lists every event newest first with actor, target, result, client IP and user agent", async () => {
    const page = await list("/admin/audit-events?limit=200");
    const times = page.items.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.items.length).toBe(await api.runtime.deps.db.auditEvent.count());
    const create = page.items.find((e) => e.action === "cluster.create" && e.target_id === clusterId);
    expect(create).toMatchObject({ result: "success", actor: { id: alice.id, email: "alice@example.test" }, target_type: "cluster", ip: "203.0.113.77", user_agent: null });
    const failed = page.items.find((e) => e.action === "auth.login_failed");
    expect(failed).toMatchObject({ result: "failure", actor: { id: alice.id }, ip: "203.0.113.66", user_agent: "vitest" });
  });

  it("filters by actor (id or email), action prefix, target, result and time range", async () => {
    const byEmail = await list("/admin/audit-events?actor=ALICE@example.test");
    expect(byEmail.items.length).toBeGreaterThanOrEqual(4);
    expect(new Set(byEmail.items.map((e) => e.actor?.id))).toEqual(new Set([alice.id]));
    expect((await list(`/admin/audit-events?actor=${alice.id}`)).items.map((e) => e.id)).toEqual(byEmail.items.map((e) => e.id));

    const clusters = await list("/admin/audit-events?action=cluster.");
    expect(clusters.items.map((e) => e.action).sort()).toEqual(["cluster.create", "cluster.create", "cluster.update"]);
    const target = await list(`/admin/audit-events?target_type=cluster&target_id=${clusterId}`);
    expect(target.items.map((e) => e.action)).toEqual(["cluster.update", "cluster.create"]);
    const failures = await list("/admin/audit-events?result=failure");
    expect(failures.items.map((e) => e.action)).toEqual(["auth.login_failed"]);
    const settings = await list("/admin/audit-events?action=settings.&actor=admin@example.test");
    expect(settings.items).toHaveLength(1);

    const all = (await list("/admin/audit-events?limit=200")).items;
    const pivot = all.find((e) => e.action === "cluster.update")!;
    const after = await list(`/admin/audit-events?limit=200&from=${encodeURIComponent(pivot.created_at)}`);
    expect(after.items.every((e) => e.created_at >= pivot.created_at)).toBe(true);
    expect(after.items.map((e) => e.id)).toContain(pivot.id);
    const before = await list(`/admin/audit-events?limit=200&to=${encodeURIComponent(pivot.created_at)}`);
    expect(before.items.every((e) => e.created_at <= pivot.created_at)).toBe(true);
    expect(new Set([...after.items, ...before.items].map((e) => e.id)).size).toBe(all.length);
  });

  it("pages with next_cursor without skipping or repeating, even for rows written in the same millisecond", async () => {
    const db = api.runtime.deps.db;
    const at = new Date(Date.now() - 60_000);
    // Same created_at for five rows: the id breaks the tie, so a page boundary inside them is safe.
    await db.auditEvent.createMany({ data: [1, 2, 3, 4, 5].map((n) => ({ id: `aud_tie${n}`, action: "test.tie", createdAt: at })) });
    const everything = (await list("/admin/audit-events?limit=200")).items.map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(`/admin/audit-events?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(seen).toEqual(everything);
    expect(pages).toBe(Math.ceil(everything.length / 2));
  });

  it("explains a bad cursor or time range with 400", async () => {
    const bad = await api.rest("GET", "/admin/audit-events?cursor=garbage", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("The cursor is not valid.");
    const swapped = await api.rest("GET", "/admin/audit-events?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z", { cookie: admin.cookie });
    expect(swapped.status).toBe(400);
    expect(((await swapped.json()) as { message: string }).message).toBe("`from` is after `to`. Swap them or widen the time range.");
    const notATime = await api.rest("GET", "/admin/audit-events?from=yesterday", { cookie: admin.cookie });
    expect(notATime.status).toBe(400);
    expect(JSON.stringify(await notATime.json())).toContain("from must be an ISO 8601 time");
  });

  it("is for administrators only", async () => {
    expect((await api.rest("GET", "/admin/audit-events", { cookie: alice.cookie })).status).toBe(403);
  });
});

describe("a user's own activity", () => {
  it("shows only the caller's actions, and an actor parameter cannot widen it", async () => {
    const mine = await list("/activity?limit=200", alice.cookie);
    expect(mine.items.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mine.items.map((e) => e.actor?.id))).toEqual(new Set([alice.id]));
    expect(mine.items.map((e) => e.action)).toEqual(expect.arrayContaining(["auth.login", "auth.login_failed", "cluster.create", "cluster.update"]));
    const widened = await list(`/activity?limit=200&actor=${bob.id}`, alice.cookie);
    expect(widened.items.map((e) => e.id)).toEqual(mine.items.map((e) => e.id));
    const bobs = await list("/activity?action=cluster.", bob.cookie);
    expect(bobs.items.map((e) => e.action)).toEqual(["cluster.create"]);
  });

  it("records sign-out everywhere and then shows it after the next login", async () => {
    await api.rest("POST", "/me/sign-out-everywhere", { cookie: bob.cookie, body: {} });
    const again = await api.login("bob@example.test", "bob-password-1234");
    const page = await list("/activity?action=auth.", again.cookie);
    expect(page.items.map((e) => e.action).slice(0, 2)).toEqual(["auth.login", "auth.logout_everywhere"]);
  });
});
