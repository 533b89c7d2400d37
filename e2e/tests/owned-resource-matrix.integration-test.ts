import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { isAdminOperation, isClusterScoped, pathPlaceholders, restOperations } from "@e2e/env/openapi-operations";

/**
 * Ownership over every user-owned resource addressed by id, generated from the
 * OpenAPI document: a non-admin operation whose path names a resource
 * (`{id}`, `{session_id}`, …) must answer another user — by session and by API
 * key — with that resource's NOT_FOUND and change nothing. Cluster-scoped
 * operations are covered by cluster-access-matrix; /admin/ ones by the
 * authorization matrix. A new operation without a sample below fails the first
 * test, so it cannot be forgotten.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let bobKey: string;
let adminCookie: string;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Sample {
  /** Alice's resource, created through the API (or the smallest real setup); returns its id. */
  create: () => Promise<string>;
  path: (id: string) => string;
  body?: Record<string, unknown>;
  /** The 404 message another user must get: it names the resource and leaks nothing else. */
  message: (id: string) => string;
  /** The resource's row, compared before and after the other user's calls. */
  row: (id: string) => Promise<unknown>;
  /** What the owner gets on the same request, proving the sample addresses a real resource. */
  ownerStatus: number;
}

async function json<T>(res: Response, expected: number): Promise<T> {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(expected);
  return body;
}

/** One request per user-owned, id-addressed operation, keyed "METHOD /path" as in the OpenAPI document. */
const samples: Record<string, Sample> = {
  "DELETE /api-keys/{id}": {
    create: async () => {
      const res = await api.rest("POST", "/api-keys", { cookie: alice.cookie, body: { name: "alice's deploy key", current_password: "alice-password-123" } });
      return (await json<{ api_key: { id: string } }>(res, 200)).api_key.id;
    },
    path: (id) => `/api-keys/${id}`,
    message: (id) => `API key ${id} was not found.`,
    row: (id) => api.runtime.deps.db.apiKey.findUniqueOrThrow({ where: { id } }),
    ownerStatus: 200,
  },
  "DELETE /profile/sessions/{session_id}": {
    // A second browser of Alice's: signing in is the real way a session row comes to exist.
    create: async () => {
      const before = new Set((await api.runtime.deps.db.session.findMany({ where: { userId: alice.id }, select: { id: true } })).map((s) => s.id));
      await api.login("alice@example.test", "alice-password-123", "198.51.100.77");
      const rows = await api.runtime.deps.db.session.findMany({ where: { userId: alice.id }, select: { id: true } });
      return rows.map((s) => s.id).find((id) => !before.has(id))!;
    },
    path: (id) => `/profile/sessions/${id}`,
    message: () => "This session was not found.",
    row: (id) => api.runtime.deps.db.session.findUniqueOrThrow({ where: { id } }),
    ownerStatus: 200,
  },
  "GET /orders/{id}": {
    // Orders are created by an administrator for a user (there is no self-service checkout).
    create: async () => {
      const plan = await json<{ id: string }>(
        await api.rest("POST", "/admin/plans", { cookie: adminCookie, body: { code: "matrix-pro", name: "Matrix Pro", cluster_quota: 2, node_quota: 4, price_cents: 1500 } }),
        200,
      );
      const order = await json<{ id: string }>(await api.rest("POST", "/admin/orders", { cookie: adminCookie, body: { user_id: alice.id, plan_id: plan.id } }), 200);
      return order.id;
    },
    path: (id) => `/orders/${id}`,
    message: (id) => `Order ${id} was not found.`,
    row: (id) => api.runtime.deps.db.order.findUniqueOrThrow({ where: { id } }),
    ownerStatus: 200,
  },
};

/** Every non-admin, non-cluster "METHOD /path" of the document whose path names a resource. */
function ownedResourceOperations(): string[] {
  return restOperations()
    .filter((op) => !isAdminOperation(op) && !isClusterScoped(op) && pathPlaceholders(op).length > 0)
    .map((op) => op.key);
}

const counts = async () => {
  const db = api.runtime.deps.db;
  return { apiKeys: await db.apiKey.count(), sessions: await db.session.count(), orders: await db.order.count() };
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startInProcessApi("owned_resource_matrix");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  adminCookie = (await api.login("admin@example.test", "correct-horse-battery-staple")).cookie;
  bobKey = (await json<{ secret: string }>(await api.rest("POST", "/api-keys", { cookie: bob.cookie, body: { name: "bob's script", current_password: "bob-password-1234" } }), 200)).secret;
  for (const [operation, sample] of Object.entries(samples)) {
    ids[operation] = await sample.create();
    expect(ids[operation], `setup of ${operation}`).toEqual(expect.any(String));
  }
});

afterAll(() => api?.close());

describe("user-owned resources on every REST operation that names one by id", () => {
  it("has a sample request for every id-addressed user operation of the OpenAPI document", () => {
    const operations = ownedResourceOperations();
    expect(operations.length).toBeGreaterThanOrEqual(3);
    const missing = operations.filter((op) => !(op in samples));
    expect(missing, "add an ownership sample for these operations").toEqual([]);
    expect(Object.keys(samples).filter((op) => !operations.includes(op)), "samples for operations that no longer exist").toEqual([]);
  });

  it("answers another user NOT_FOUND naming the resource, by session and by API key, and changes nothing", async () => {
    const rowsBefore = await Promise.all(Object.entries(samples).map(([op, s]) => s.row(ids[op]!)));
    const countsBefore = await counts();

    for (const [operation, sample] of Object.entries(samples)) {
      const method = operation.split(" ")[0] as Method;
      const id = ids[operation]!;
      for (const auth of [{ cookie: bob.cookie }, { token: bobKey }]) {
        const res = await api.rest(method, sample.path(id), { ...auth, body: sample.body });
        const label = `${method} ${sample.path(id)} as bob (${"token" in auth ? "API key" : "session"})`;
        expect(res.status, label).toBe(404);
        expect(((await res.json()) as { message?: string }).message, label).toBe(sample.message(id));
      }
    }

    const rowsAfter = await Promise.all(Object.entries(samples).map(([op, s]) => s.row(ids[op]!)));
    expect(JSON.stringify(rowsAfter)).toBe(JSON.stringify(rowsBefore));
    expect(await counts()).toEqual(countsBefore);
    // Alice is still signed in, and her second browser's session row is unchanged (compared above).
    expect((await api.rest("GET", "/me", { cookie: alice.cookie })).status).toBe(200);
  });

  it("lets the owner make the same requests (the samples address real resources)", async () => {
    for (const [operation, sample] of Object.entries(samples)) {
      const method = operation.split(" ")[0] as Method;
      const res = await api.rest(method, sample.path(ids[operation]!), { cookie: alice.cookie, body: sample.body });
      expect(res.status, `${operation} as alice`).toBe(sample.ownerStatus);
      expect(((await res.json()) as { id?: string }).id, operation).toBe(ids[operation]);
    }
  });
});
