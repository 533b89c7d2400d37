import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { isAdminOperation, isClusterScoped, restOperations } from "@e2e/env/openapi-operations";

/**
 * Ownership over every cluster-scoped REST operation, generated from the
 * OpenAPI document: an operation that names a cluster (path, query or body
 * `cluster_id`) must answer another user — by session and by API key — with
 * the cluster's NOT_FOUND, before touching anything. A new operation without
 * a sample below fails the first test, so it cannot be forgotten.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let bobKey: string;
let clusterId: string;
let aliceBindingId: string;

type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface Sample {
  path: (clusterId: string) => string;
  body?: (clusterId: string) => Record<string, unknown>;
}

/** One valid-looking request per cluster-scoped operation, keyed "METHOD /path" as in the OpenAPI document. */
const samples: Record<string, Sample> = {
  "GET /clusters/{cluster_id}": { path: (id) => `/clusters/${id}` },
  "PATCH /clusters/{cluster_id}": { path: (id) => `/clusters/${id}`, body: () => ({ name: "taken over" }) },
  "DELETE /clusters/{cluster_id}": { path: (id) => `/clusters/${id}` },
  "GET /clusters/{cluster_id}/operations": { path: (id) => `/clusters/${id}/operations` },
  "GET /clusters/{cluster_id}/connection-events": { path: (id) => `/clusters/${id}/connection-events` },
  "GET /clusters/{cluster_id}/kubeconfig": { path: (id) => `/clusters/${id}/kubeconfig` },
  "POST /clusters/{cluster_id}/kubeconfigs": { path: (id) => `/clusters/${id}/kubeconfigs`, body: () => ({ access: "view" }) },
  "GET /clusters/{cluster_id}/kubeconfigs": { path: (id) => `/clusters/${id}/kubeconfigs` },
  "DELETE /clusters/{cluster_id}/kubeconfigs/{credential_id}": { path: (id) => `/clusters/${id}/kubeconfigs/kc_abc123` },
  "POST /clusters/{cluster_id}/kubeconfig/break-glass": { path: (id) => `/clusters/${id}/kubeconfig/break-glass`, body: () => ({ reason: "taking over the cluster" }) },
  "GET /clusters/{cluster_id}/metrics": { path: (id) => `/clusters/${id}/metrics?metric=api_request_rate` },
  "POST /clusters/{cluster_id}/kubectl": { path: (id) => `/clusters/${id}/kubectl`, body: () => ({ command: "get nodes" }) },
  "POST /clusters/{cluster_id}/join-token": { path: (id) => `/clusters/${id}/join-token`, body: () => ({ ttl_seconds: 3600 }) },
  "GET /clusters/{cluster_id}/join-tokens": { path: (id) => `/clusters/${id}/join-tokens` },
  "DELETE /clusters/{cluster_id}/join-tokens/{token_id}": { path: (id) => `/clusters/${id}/join-tokens/abc123` },
  "GET /clusters/{cluster_id}/join-tokens/{token_id}": { path: (id) => `/clusters/${id}/join-tokens/abc123` },
  "GET /clusters/{cluster_id}/join-tokens/{token_id}/revocation-preview": { path: (id) => `/clusters/${id}/join-tokens/abc123/revocation-preview` },
  "GET /clusters/{cluster_id}/join-sessions": { path: (id) => `/clusters/${id}/join-sessions` },
  "GET /clusters/{cluster_id}/join-sessions/{session_id}": { path: (id) => `/clusters/${id}/join-sessions/js_abc123` },
  "GET /clusters/{cluster_id}/deletion-plan": { path: (id) => `/clusters/${id}/deletion-plan` },
  "POST /clusters/{cluster_id}/reset-commands": { path: (id) => `/clusters/${id}/reset-commands`, body: () => ({}) },
  "GET /clusters/{cluster_id}/hostname-bindings": { path: (id) => `/clusters/${id}/hostname-bindings` },
  "POST /clusters/{cluster_id}/hostname-bindings": { path: (id) => `/clusters/${id}/hostname-bindings`, body: () => ({ hostname: "taken.example.com" }) },
  "DELETE /clusters/{cluster_id}/hostname-bindings/{binding_id}": { path: (id) => `/clusters/${id}/hostname-bindings/${aliceBindingId}` },
  "POST /clusters/{cluster_id}/hostname-bindings/check": { path: (id) => `/clusters/${id}/hostname-bindings/check`, body: () => ({}) },
  "GET /nodes": { path: (id) => `/nodes?cluster_id=${id}` },
  "GET /nodes/{node_name}": { path: (id) => `/nodes/worker-1?cluster_id=${id}` },
  "GET /node-events": { path: (id) => `/node-events?cluster_id=${id}` },
  "GET /nodes/{node_name}/health": { path: (id) => `/nodes/worker-1/health?cluster_id=${id}` },
  "POST /nodes/{node_name}/cordon": { path: () => "/nodes/worker-1/cordon", body: (id) => ({ cluster_id: id }) },
  "POST /nodes/{node_name}/uncordon": { path: () => "/nodes/worker-1/uncordon", body: (id) => ({ cluster_id: id }) },
  "POST /nodes/{node_name}/drain": { path: () => "/nodes/worker-1/drain", body: (id) => ({ cluster_id: id }) },
  "DELETE /nodes/{node_name}": { path: (id) => `/nodes/worker-1?cluster_id=${id}` },
};

/** Every "METHOD /path" of the document that takes a cluster_id anywhere (admin-only paths have their own 403 tests). */
function clusterScopedOperations(): string[] {
  return restOperations()
    .filter((op) => !isAdminOperation(op) && isClusterScoped(op))
    .map((op) => op.key);
}

beforeAll(async () => {
  api = await startInProcessApi("cluster_access_matrix");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  const key = await api.rest("POST", "/api-keys", { cookie: bob.cookie, body: { name: "bob's script", current_password: "bob-password-1234" } });
  bobKey = ((await key.json()) as { secret: string }).secret;
  // With a base domain the cluster gets a CNAME target, so Alice can bind a hostname Bob then tries to delete.
  await api.runtime.deps.db.systemSetting.create({ data: { key: "managed_workload_ingress_base_domain", value: "apps.example.test" } });
  const created = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name: "alice private", control_plane_host: "203.0.113.7" } });
  clusterId = ((await created.json()) as { id: string }).id;
  await api.runtime.deps.db.cluster.update({ where: { id: clusterId }, data: { status: "ready", kubeconfigAvailable: true, apiEndpoint: "https://203.0.113.7:31000", publicAccessPort: 31000 } });
  const binding = await api.rest("POST", `/clusters/${clusterId}/hostname-bindings`, { cookie: alice.cookie, body: { hostname: "shop.alice.example" } });
  expect(binding.status).toBe(200);
  aliceBindingId = ((await binding.json()) as { id: string }).id;
});

afterAll(() => api?.close());

describe("cluster ownership on every REST operation", () => {
  it("has a sample request for every cluster-scoped operation of the OpenAPI document", () => {
    const operations = clusterScopedOperations();
    expect(operations.length).toBeGreaterThanOrEqual(15);
    const missing = operations.filter((op) => !(op in samples));
    expect(missing, "add an access sample for these operations").toEqual([]);
    expect(Object.keys(samples).filter((op) => !operations.includes(op)), "samples for operations that no longer exist").toEqual([]);
  });

  it("answers another user NOT_FOUND for the cluster, by session and by API key, and changes nothing", async () => {
    const db = api.runtime.deps.db;
    const before = JSON.stringify(await db.cluster.findUniqueOrThrow({ where: { id: clusterId } }));
    const counts = async () => [await db.clusterJob.count(), await db.clusterOperation.count(), await db.joinToken.count(), await db.hostnameBinding.count(), await db.kubeconfigCredential.count()];
    const countsBefore = await counts();

    for (const [operation, sample] of Object.entries(samples)) {
      const method = operation.split(" ")[0] as Method;
      for (const auth of [{ cookie: bob.cookie }, { token: bobKey }]) {
        const res = await api.rest(method, sample.path(clusterId), { ...auth, body: sample.body?.(clusterId) });
        const label = `${operation} as bob (${"token" in auth ? "API key" : "session"})`;
        expect(res.status, label).toBe(404);
        expect(((await res.json()) as { message?: string }).message, label).toBe(`Cluster ${clusterId} was not found.`);
      }
    }

    expect(JSON.stringify(await db.cluster.findUniqueOrThrow({ where: { id: clusterId } }))).toBe(before);
    expect(await counts()).toEqual(countsBefore);
  });

  it("lets the owner and an administrator read the cluster on the same paths", async () => {
    const admin = await api.login("admin@example.test", "correct-horse-battery-staple");
    for (const who of [alice, admin]) {
      expect((await api.rest("GET", `/clusters/${clusterId}`, { cookie: who.cookie })).status).toBe(200);
      expect((await api.rest("GET", `/clusters/${clusterId}/operations`, { cookie: who.cookie })).status).toBe(200);
      expect((await api.rest("GET", `/clusters/${clusterId}/join-tokens`, { cookie: who.cookie })).status).toBe(200);
      const bindings = await api.rest("GET", `/clusters/${clusterId}/hostname-bindings`, { cookie: who.cookie });
      expect(bindings.status).toBe(200);
      expect(((await bindings.json()) as { items: Array<{ id: string }> }).items.map((b) => b.id)).toEqual([aliceBindingId]);
    }
  });
});
