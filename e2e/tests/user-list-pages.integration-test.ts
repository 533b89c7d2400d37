import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { restOperations } from "@e2e/env/openapi-operations";
import { openApiDocument } from "@/server/api/openapi";
import { generateApiKey } from "@/server/domain/auth/api-key-format";
import { newId } from "@/server/domain/ids";

/**
 * Cursor pagination of the per-user and per-cluster lists over the REST adapter on a real database: every row
 * exactly once, in the list's order, across pages of `limit`, also when rows share a created_at (one
 * createMany writes them all in the same instant, so the id must break the tie); a bad cursor or limit is a
 * 400 that says what to do; the OpenAPI document shows `limit`, `cursor` and `next_cursor`.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let clusterId: string;

const ROWS = 7;
const LIMIT = 3;
/** Rows 0–3 share one instant (ties), the rest follow a millisecond apart; ids are random, so tie order is the id's. */
const SAME_INSTANT = new Date("2026-04-01T08:00:00.000Z");
const createdAt = (i: number) => (i < 4 ? SAME_INSTANT : new Date(SAME_INSTANT.getTime() + i));
const IN_A_DAY = new Date(Date.now() + 86_400_000);

type Page = { items: Array<{ id: string }>; next_cursor: string | null };

async function page(path: string, cookie = alice.cookie): Promise<Page> {
  const res = await api.rest("GET", path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
}

/** Follows next_cursor from the first page to the last; every page but the last is full. */
async function pageThrough(path: string, cookie = alice.cookie): Promise<string[]> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  const join = path.includes("?") ? "&" : "?";
  do {
    const p: Page = await page(`${path}${join}limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, cookie);
    sizes.push(p.items.length);
    ids.push(...p.items.map((item) => item.id));
    cursor = p.next_cursor;
  } while (cursor && sizes.length < 50);
  expect(sizes.slice(0, -1).every((n) => n === LIMIT), `${path}: pages ${sizes.join(",")}`).toBe(true);
  expect(sizes.at(-1)).toBeGreaterThan(0);
  return ids;
}

type Order = "newest" | "oldest";
const byCreated = (order: Order) => (order === "newest" ? [{ createdAt: "desc" as const }, { id: "desc" as const }] : [{ createdAt: "asc" as const }, { id: "asc" as const }]);

beforeAll(async () => {
  api = await startInProcessApi("user_list_pages");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  const created = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name: "alice pages", control_plane_host: "203.0.113.7" } });
  clusterId = ((await created.json()) as { id: string }).id;
  const db = api.runtime.deps.db;
  await db.cluster.update({ where: { id: clusterId }, data: { status: "ready" } });
  const indices = Array.from({ length: ROWS }, (_, i) => i);
  await db.apiKey.createMany({
    data: indices.map((i) => {
      const key = generateApiKey();
      return { id: newId("key"), userId: alice.id, name: `key ${i}`, prefix: key.prefix, keyHash: key.hash, createdAt: createdAt(i) };
    }),
  });
  await db.joinToken.createMany({ data: indices.map((i) => ({ id: newId("tok"), clusterId, tokenId: `tok00${i}`, secretHash: `hash-${i}`, expiresAt: IN_A_DAY, createdAt: createdAt(i) })) });
  await db.clusterOperation.createMany({ data: indices.map((i) => ({ id: newId("op"), clusterId, kind: "update", createdAt: createdAt(i) })) });
  await db.clusterConnectionEvent.createMany({ data: indices.map((i) => ({ id: newId("cce"), clusterId, fromStatus: "connected" as const, toStatus: "unreachable" as const, reason: `probe ${i}`, createdAt: createdAt(i) })) });
  await db.hostnameBinding.createMany({ data: indices.map((i) => ({ id: newId("hb"), clusterId, hostname: `h${i}.pages.example.org`, createdAt: createdAt(i) })) });
  await db.joinSession.createMany({ data: indices.map((i) => ({ id: newId("js"), clusterId, tokenId: `tok00${i}`, createdAt: createdAt(i) })) });
  // Active credentials, plus one revoked and one expired: the cluster's list leaves those two out, the profile keeps them.
  await db.kubeconfigCredential.createMany({
    data: [...indices, ROWS, ROWS + 1].map((i) => ({
      id: newId("kc"),
      clusterId,
      userId: alice.id,
      access: "view" as const,
      serviceAccountName: `kubebyon-view-${i}`,
      expiresAt: i === ROWS + 1 ? new Date(Date.now() - 60_000) : IN_A_DAY,
      revokedAt: i === ROWS ? new Date() : null,
      createdAt: createdAt(i),
    })),
  });
});

afterAll(() => api?.close());

describe("cursor pages of the user's and the cluster's lists", () => {
  const lists: Array<{ name: string; path: () => string; order: Order; expected: () => Promise<Array<{ id: string }>> }> = [
    { name: "GET /api-keys", path: () => "/api-keys", order: "newest", expected: () => api.runtime.deps.db.apiKey.findMany({ where: { userId: alice.id }, orderBy: byCreated("newest"), select: { id: true } }) },
    {
      name: "GET /clusters/{cluster_id}/join-tokens",
      path: () => `/clusters/${clusterId}/join-tokens`,
      order: "newest",
      expected: () => api.runtime.deps.db.joinToken.findMany({ where: { clusterId }, orderBy: byCreated("newest"), select: { id: true } }),
    },
    {
      name: "GET /clusters/{cluster_id}/operations",
      path: () => `/clusters/${clusterId}/operations`,
      order: "newest",
      // The create operation of POST /clusters is one of them.
      expected: () => api.runtime.deps.db.clusterOperation.findMany({ where: { clusterId }, orderBy: byCreated("newest"), select: { id: true } }),
    },
    {
      name: "GET /clusters/{cluster_id}/connection-events",
      path: () => `/clusters/${clusterId}/connection-events`,
      order: "newest",
      expected: () => api.runtime.deps.db.clusterConnectionEvent.findMany({ where: { clusterId }, orderBy: byCreated("newest"), select: { id: true } }),
    },
    {
      name: "GET /clusters/{cluster_id}/hostname-bindings",
      path: () => `/clusters/${clusterId}/hostname-bindings`,
      order: "oldest",
      expected: () => api.runtime.deps.db.hostnameBinding.findMany({ where: { clusterId }, orderBy: byCreated("oldest"), select: { id: true } }),
    },
    {
      name: "GET /clusters/{cluster_id}/join-sessions",
      path: () => `/clusters/${clusterId}/join-sessions`,
      order: "newest",
      expected: () => api.runtime.deps.db.joinSession.findMany({ where: { clusterId }, orderBy: byCreated("newest"), select: { id: true } }),
    },
    {
      name: "GET /clusters/{cluster_id}/kubeconfigs",
      path: () => `/clusters/${clusterId}/kubeconfigs`,
      order: "newest",
      expected: () => api.runtime.deps.db.kubeconfigCredential.findMany({ where: { clusterId, revokedAt: null, expiresAt: { gt: new Date() } }, orderBy: byCreated("newest"), select: { id: true } }),
    },
    {
      name: "GET /profile/kubeconfigs",
      path: () => "/profile/kubeconfigs",
      order: "newest",
      expected: () => api.runtime.deps.db.kubeconfigCredential.findMany({ where: { userId: alice.id }, orderBy: byCreated("newest"), select: { id: true } }),
    },
  ];

  for (const list of lists) {
    it(`${list.name}: pages cover every row exactly once, ${list.order} first, ties broken by id`, async () => {
      const expected = (await list.expected()).map((row) => row.id);
      expect(expected.length).toBeGreaterThanOrEqual(ROWS);
      expect(await pageThrough(list.path())).toEqual(expected);
      // Without limit: the default page (50) holds them all, and says there is nothing after it.
      expect(await page(list.path())).toEqual({ items: expect.any(Array), next_cursor: null });
    });

    it(`${list.name}: a bad cursor or limit is a 400 that says what to do`, async () => {
      const join = list.path().includes("?") ? "&" : "?";
      const badCursor = await api.rest("GET", `${list.path()}${join}cursor=garbage`, { cookie: alice.cookie });
      expect(badCursor.status).toBe(400);
      expect(((await badCursor.json()) as { message: string }).message).toBe("The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page.");
      for (const limit of ["0", "201", "2.5"]) {
        const res = await api.rest("GET", `${list.path()}${join}limit=${limit}`, { cookie: alice.cookie });
        expect(res.status, `limit=${limit}`).toBe(400);
        expect(JSON.stringify(await res.json()), `limit=${limit}`).toMatch(/limit must be/);
      }
      const notANumber = await api.rest("GET", `${list.path()}${join}limit=many`, { cookie: alice.cookie });
      expect(notANumber.status).toBe(400);
      expect(((await notANumber.json()) as { issues: Array<{ path: string[] }> }).issues.map((i) => i.path)).toEqual([["limit"]]);
    });
  }

  it("never pages into another user's rows: Bob's lists are his alone", async () => {
    expect(await page(`/api-keys?limit=${LIMIT}`, bob.cookie)).toEqual({ items: [], next_cursor: null });
    expect(await page("/profile/kubeconfigs", bob.cookie)).toEqual({ items: [], next_cursor: null });
  });

  it("describes limit, cursor and next_cursor in the OpenAPI document", () => {
    const doc = openApiDocument("http://127.0.0.1/api/console") as unknown as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> }>>;
    };
    const operations = restOperations();
    for (const key of [...lists.map((l) => l.name), "GET /nodes"]) {
      const op = operations.find((o) => o.key === key);
      expect(op?.parameters, key).toEqual(expect.arrayContaining(["limit", "cursor"]));
      const schema = doc.paths[op!.path]?.get?.responses?.["200"]?.content?.["application/json"]?.schema;
      expect(Object.keys(schema?.properties ?? {}), key).toEqual(["items", "next_cursor"]);
    }
  });
});
