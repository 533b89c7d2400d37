import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { openApiDocument } from "@/server/api/openapi";

/**
 * Cursor paging of the back-office and billing lists over the REST adapter, on a real database:
 * GET /admin/users, /orders, /admin/orders, /notifications/deliveries, /admin/notifications/deliveries,
 * /plans and /admin/plans. Following next_cursor two rows at a time yields exactly the rows of one big
 * page in the same order, also across rows that share created_at (and, for plans, sort); filters still
 * apply; a bad cursor, a cursor of another list and a limit over the maximum are 400s; the OpenAPI
 * document describes limit, cursor and next_cursor and none of page/page_size/offset/total.
 */
let api: InProcessApi;
let admin: string;
let alice: { id: string; cookie: string };

type Item = { id: string };
type Page = { items: Item[]; next_cursor: string | null };

// A shared created_at for the rows written in one createMany: the id alone must order them.
const TIE = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);

async function page(path: string, cookie: string): Promise<Page> {
  const res = await api.rest("GET", path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
}

const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** Follows next_cursor from the first page to the last, `limit` rows at a time. */
async function walk(path: string, cookie: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const next: Page = await page(withQuery(path, `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`), cookie);
    ids.push(...next.items.map((i) => i.id));
    cursor = next.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

beforeAll(async () => {
  api = await startInProcessApi("admin_billing_paging");
  const db = api.runtime.deps.db;
  admin = (await api.login("admin@example.test", "correct-horse-battery-staple")).cookie;
  alice = await api.createUser("alice@example.test", "alice-password-123");
  const bob = await api.createUser("bob@example.test", "bob-password-1234");

  await db.user.createMany({ data: ["a", "b", "c", "d"].map((s) => ({ id: `usr_tie${s}`, email: `tie-${s}@example.test`, name: `Tie ${s}`, createdAt: TIE })) });
  // Plans: two sort groups, one of them with created_at ties; an inactive plan is in the catalogue but not on offer.
  await db.plan.createMany({
    data: [
      { id: "pln_s0b", code: "s0b", name: "S0 B", clusterQuota: 1, nodeQuota: 1, sort: 0, createdAt: TIE },
      { id: "pln_s0a", code: "s0a", name: "S0 A", clusterQuota: 1, nodeQuota: 1, sort: 0, createdAt: TIE },
      { id: "pln_s0c", code: "s0c", name: "S0 C", clusterQuota: 1, nodeQuota: 1, sort: 0, createdAt: TIE, active: false },
      { id: "pln_s1x", code: "s1x", name: "S1 X", clusterQuota: 1, nodeQuota: 1, sort: 1, createdAt: new Date(TIE.getTime() - 60_000) },
      { id: "pln_sm1", code: "sm1", name: "S-1", clusterQuota: 1, nodeQuota: 1, sort: -1, createdAt: new Date(TIE.getTime() + 60_000) },
    ],
  });
  await db.order.createMany({
    data: [
      ...["a", "b", "c"].map((s) => ({ id: `ord_tie${s}`, userId: alice.id, planId: "pln_s0a", amountCents: 100, currency: "USD", createdAt: TIE })),
      { id: "ord_alice_paid", userId: alice.id, planId: "pln_s0b", amountCents: 100, currency: "USD", status: "paid" as const },
      ...["a", "b"].map((s) => ({ id: `ord_bob${s}`, userId: bob.id, planId: "pln_s1x", amountCents: 100, currency: "USD", status: "paid" as const, createdAt: TIE })),
    ],
  });
  await db.notificationDelivery.createMany({
    data: [
      ...["a", "b", "c"].map((s) => ({ id: `ntd_tie${s}`, userId: alice.id, channel: "email" as const, event: "cluster.ready", recipient: alice.id, createdAt: TIE })),
      { id: "ntd_alice_hook", userId: alice.id, channel: "webhook" as const, event: "cluster.ready", recipient: "https://hooks.example.test/a" },
      ...["a", "b"].map((s) => ({ id: `ntd_bob${s}`, userId: bob.id, channel: "email" as const, event: "node.joined", recipient: bob.id, createdAt: TIE })),
    ],
  });
});

afterAll(() => api?.close());

const LISTS: Array<{ path: string; who: () => string; count: () => Promise<number> }> = [
  { path: "/admin/users", who: () => admin, count: () => api.runtime.deps.db.user.count() },
  { path: "/admin/users?role=user&query=example.test", who: () => admin, count: () => api.runtime.deps.db.user.count({ where: { role: "user", email: { contains: "example.test" } } }) },
  { path: "/orders", who: () => alice.cookie, count: () => api.runtime.deps.db.order.count({ where: { userId: alice.id } }) },
  { path: "/admin/orders", who: () => admin, count: () => api.runtime.deps.db.order.count() },
  { path: "/admin/orders?status=pending", who: () => admin, count: () => api.runtime.deps.db.order.count({ where: { status: "pending" } }) },
  { path: "/notifications/deliveries", who: () => alice.cookie, count: () => api.runtime.deps.db.notificationDelivery.count({ where: { userId: alice.id } }) },
  { path: "/admin/notifications/deliveries", who: () => admin, count: () => api.runtime.deps.db.notificationDelivery.count() },
  { path: "/admin/notifications/deliveries?channel=email&user=ALICE@example.test", who: () => admin, count: () => api.runtime.deps.db.notificationDelivery.count({ where: { userId: alice.id, channel: "email" } }) },
  { path: "/plans", who: () => alice.cookie, count: () => api.runtime.deps.db.plan.count({ where: { active: true } }) },
  { path: "/admin/plans", who: () => admin, count: () => api.runtime.deps.db.plan.count() },
];

describe("cursor paging of the admin and billing lists", () => {
  it.each(LISTS)("GET $path: pages of two cover every matching row exactly once, in the order of one big page", async ({ path, who, count }) => {
    const whole = await page(withQuery(path, "limit=200"), who());
    expect(whole.next_cursor).toBeNull();
    expect(whole.items).toHaveLength(await count());
    const { ids, pages } = await walk(path, who(), 2);
    expect(ids).toEqual(whole.items.map((i) => i.id));
    expect(pages).toBe(Math.ceil(ids.length / 2));
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it("orders users, orders and deliveries newest first with the id (descending) breaking created_at ties", async () => {
    const tied = (ids: string[], prefix: string) => ids.filter((id) => id.startsWith(prefix));
    const users = (await page("/admin/users?limit=200", admin)).items.map((u) => u.id);
    expect(tied(users, "usr_tie")).toEqual(["usr_tied", "usr_tiec", "usr_tieb", "usr_tiea"]);
    // The rows written now are newer than the tie, so they come first.
    expect(users.indexOf(alice.id)).toBeLessThan(users.indexOf("usr_tied"));
    const orders = (await page("/orders?limit=200", alice.cookie)).items.map((o) => o.id);
    expect(orders).toEqual(["ord_alice_paid", "ord_tiec", "ord_tieb", "ord_tiea"]);
    const deliveries = (await page("/notifications/deliveries?limit=200", alice.cookie)).items.map((d) => d.id);
    expect(deliveries).toEqual(["ntd_alice_hook", "ntd_tiec", "ntd_tieb", "ntd_tiea"]);
  });

  it("orders plans by sort, then oldest first, then id", async () => {
    expect((await page("/admin/plans?limit=200", admin)).items.map((p) => p.id)).toEqual(["pln_sm1", "pln_s0a", "pln_s0b", "pln_s0c", "pln_s1x"]);
    expect((await page("/plans?limit=200", alice.cookie)).items.map((p) => p.id)).toEqual(["pln_sm1", "pln_s0a", "pln_s0b", "pln_s1x"]);
  });

  it.each(LISTS)("GET $path: a bad cursor and a limit over 200 or not a number are 400s that say what to do", async ({ path, who }) => {
    const garbled = await api.rest("GET", withQuery(path, "cursor=not-a-cursor"), { cookie: who() });
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { message: string }).message).toBe(
      "The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page.",
    );
    const tooMany = await api.rest("GET", withQuery(path, "limit=201"), { cookie: who() });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain("limit must be at most 200.");
    expect((await api.rest("GET", withQuery(path, "limit=0"), { cookie: who() })).status).toBe(400);
    const notANumber = await api.rest("GET", withQuery(path, "limit=abc"), { cookie: who() });
    expect(notANumber.status).toBe(400);
    expect(JSON.stringify(await notANumber.json())).toContain("limit must be a whole number.");
  });

  it("refuses a cursor of another list (other sort keys) rather than guessing", async () => {
    const users = await page("/admin/users?limit=1", admin);
    const res = await api.rest("GET", `/admin/plans?cursor=${encodeURIComponent(users.next_cursor!)}`, { cookie: admin });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("The cursor is not valid.");
  });

  it("describes limit, cursor and next_cursor in the OpenAPI document, and no page numbers or totals", () => {
    type Operation = { parameters?: Array<{ name: string }>; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    const doc = openApiDocument("http://127.0.0.1/api/console") as { paths: Record<string, { get?: Operation }> };
    for (const path of ["/admin/users", "/orders", "/admin/orders", "/notifications/deliveries", "/admin/notifications/deliveries", "/plans", "/admin/plans"]) {
      const get = doc.paths[path]?.get;
      expect(get, path).toBeDefined();
      const names = (get!.parameters ?? []).map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(["limit", "cursor"]));
      expect(names.filter((n) => ["page", "page_size", "offset"].includes(n)), path).toEqual([]);
      const schema = JSON.stringify(get!.responses["200"]?.content["application/json"]?.schema);
      expect(schema, path).toContain('"next_cursor"');
      expect(schema, path).not.toContain('"total"');
    }
  });
});
