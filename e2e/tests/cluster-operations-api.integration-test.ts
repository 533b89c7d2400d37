import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * GET /api/console/clusters/{cluster_id}/operations on a real database: the
 * timeline the console polls, newest first, scoped by cluster ownership.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };

beforeAll(async () => {
  api = await startInProcessApi("cluster_operations_api");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
});
afterAll(() => api?.close());

type Operation = { id: string; kind: string; status: string; error: string | null; steps: Array<Record<string, unknown>>; created_at: string };

async function createCluster(cookie: string, name: string): Promise<string> {
  const res = await api.rest("POST", "/clusters", { cookie, body: { name } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

type OperationsBody = { items: Operation[]; next_cursor: string | null; message?: string };

async function operations(cookie: string, clusterId: string, query = ""): Promise<{ status: number; body: OperationsBody }> {
  const res = await api.rest("GET", `/clusters/${clusterId}/operations${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as OperationsBody };
}

describe("cluster operations", () => {
  it("returns the create operation with its pending step timeline", async () => {
    const id = await createCluster(alice.cookie, "ops-one");
    const { status, body } = await operations(alice.cookie, id);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ kind: "create", status: "pending", error: null, started_at: null, finished_at: null });
    expect(body.items[0]!.steps.map((s) => s.name)).toEqual([
      "ensure_namespace",
      "apply_quota",
      "copy_platform_secret",
      "helm_install",
      "wait_control_plane",
      "resolve_endpoint",
      "probe_connection",
      "managed_ingress",
    ]);
    expect(body.items[0]!.steps[0]).toEqual({ name: "ensure_namespace", status: "pending", started_at: null, finished_at: null, message: null });
  });

  it("lists newest first a page at a time (the console asks for 20) and shows recorded step outcomes", async () => {
    const id = await createCluster(alice.cookie, "ops-many");
    const db = api.runtime.deps.db;
    const first = await db.clusterOperation.findFirstOrThrow({ where: { clusterId: id } });
    await db.clusterOperation.update({
      where: { id: first.id },
      data: {
        status: "failed",
        error: "boom",
        startedAt: new Date("2026-01-01T00:00:00Z"),
        finishedAt: new Date("2026-01-01T00:00:05Z"),
        steps: [{ name: "ensure_namespace", status: "failed", started_at: "2026-01-01T00:00:00.000Z", finished_at: "2026-01-01T00:00:05.000Z", message: "boom" }],
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
    });
    for (let i = 0; i < 21; i++) {
      await db.clusterOperation.create({
        data: { id: `op_test_${String(i).padStart(2, "0")}`, clusterId: id, kind: "update", createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)) },
      });
    }
    const { body } = await operations(alice.cookie, id, "?limit=20");
    expect(body.items).toHaveLength(20);
    expect(body.items[0]!.id).toBe("op_test_20");
    expect(body.items[19]!.id).toBe("op_test_01");
    expect(body.items.some((o) => o.id === first.id)).toBe(false);
    // The rest follows from next_cursor; without limit the default page (50) holds all 22.
    const rest = await operations(alice.cookie, id, `?limit=20&cursor=${encodeURIComponent(body.next_cursor ?? "")}`);
    expect(rest.body.items.map((o) => o.id)).toEqual(["op_test_00", first.id]);
    expect(rest.body.next_cursor).toBeNull();
    expect((await operations(alice.cookie, id)).body.items).toHaveLength(22);

    await db.clusterOperation.deleteMany({ where: { clusterId: id, kind: "update" } });
    const after = await operations(alice.cookie, id);
    expect(after.body.items).toHaveLength(1);
    expect(after.body.items[0]).toMatchObject({
      status: "failed",
      error: "boom",
      started_at: "2026-01-01T00:00:00.000Z",
      finished_at: "2026-01-01T00:00:05.000Z",
      steps: [{ name: "ensure_namespace", status: "failed", message: "boom" }],
    });
  });

  it("hides another user's cluster as not found, and lets an admin see it", async () => {
    const id = await createCluster(alice.cookie, "ops-private");
    const asBob = await operations(bob.cookie, id);
    expect(asBob.status).toBe(404);
    expect(asBob.body.message).toContain(id);
    await api.runtime.deps.db.user.update({ where: { id: bob.id }, data: { role: "admin" } });
    const asAdmin = await operations(bob.cookie, id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.items).toHaveLength(1);
  });
});
