import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IN_PROCESS_BASE as BASE, startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * The API surface of the web process, driven through the real route handlers
 * in-process (no server, no mocks) against a real database: session cookies,
 * tRPC, the REST adapter under /api/console, API keys, error→status mapping,
 * health and metrics. The next-auth login/logout endpoints need Next's request
 * scope, so e2e/http/auth-flow.e2e.ts covers them against `next start`.
 */
let api: InProcessApi;
let routes: {
  rest: typeof import("@/app/api/console/[...path]/route");
  openapi: typeof import("@/app/api/openapi.json/route");
  healthz: typeof import("@/app/healthz/route");
  readyz: typeof import("@/app/readyz/route");
  metrics: typeof import("@/app/metrics/route");
};

beforeAll(async () => {
  api = await startInProcessApi("console_api", { KUBEBYON_AUTH_RATE_LIMIT_BURST: "4" });
  routes = {
    rest: await import("@/app/api/console/[...path]/route"),
    openapi: await import("@/app/api/openapi.json/route"),
    healthz: await import("@/app/healthz/route"),
    readyz: await import("@/app/readyz/route"),
    metrics: await import("@/app/metrics/route"),
  };
});

afterAll(() => api?.close());

const rest: InProcessApi["rest"] = (...args) => api.rest(...args);
const login: InProcessApi["login"] = (...args) => api.login(...args);

describe("console API over HTTP", () => {
  it("serves liveness, readiness and Prometheus metrics", async () => {
    expect(await routes.healthz.GET().json()).toEqual({ status: "ok" });
    const ready = await routes.readyz.GET(new Request(`${BASE}/readyz`));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok", checks: { database: { status: "ok" } } });
    await rest("GET", "/me");
    const text = await (await routes.metrics.GET()).text();
    expect(text).toContain("kubebyon_process_cpu_user_seconds_total");
    expect(text).toMatch(/kubebyon_http_requests_total\{route="\/api\/console",method="GET",status="401"\} \d+/);
  });

  it("lists the REST routes in /api/openapi.json", async () => {
    const doc = (await (await routes.openapi.GET()).json()) as { paths: Record<string, Record<string, unknown>>; servers: { url: string }[] };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/me", "/api-keys", "/api-keys/{id}"]));
    expect(Object.keys(doc.paths["/api-keys"]!)).toEqual(expect.arrayContaining(["get", "post"]));
  });

  it("names the server by public_base_url, else relative — never the address the process listens on", async () => {
    const servers = async () => ((await (await routes.openapi.GET()).json()) as { servers: { url: string }[] }).servers;
    // Before: the request's own URL, so `next start` on 0.0.0.0 advertised http://0.0.0.0:3000/api/console.
    expect(await servers()).toEqual([{ url: "/api/console" }]);
    const db = api.runtime.deps.db;
    await db.systemSetting.upsert({ where: { key: "public_base_url" }, create: { key: "public_base_url", value: "https://console.example.com/" }, update: { value: "https://console.example.com/" } });
    try {
      expect(await servers()).toEqual([{ url: "https://console.example.com/api/console" }]);
    } finally {
      await db.systemSetting.delete({ where: { key: "public_base_url" } });
    }
    expect(await servers()).toEqual([{ url: "/api/console" }]);
  });

  it("answers 401 with an actionable JSON message when unauthenticated", async () => {
    const res = await rest("GET", "/me");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringContaining("Authorization: Bearer") });
    const bad = await rest("GET", "/me", { token: "kbk_aaaaaaaa_" + "b".repeat(40) });
    expect(bad.status).toBe(401);
    expect((await bad.json()).message).toMatch(/invalid or revoked/);
  });

  it("accepts a session cookie, issues an API key that works over REST, and a revoked key gets 401", async () => {
    const { cookie } = await login("Admin@Example.test", "correct-horse-battery-staple");

    const me = await rest("GET", "/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "admin@example.test", role: "admin", auth_method: "session" });

    const created = await rest("POST", "/api-keys", { cookie, body: { name: "ci", expires_in_days: 30, current_password: "correct-horse-battery-staple" } });
    expect(created.status).toBe(200);
    const { api_key, secret } = (await created.json()) as { api_key: { id: string; prefix: string; expires_at: string }; secret: string };
    expect(secret.startsWith(api_key.prefix + "_")).toBe(true);
    expect(api_key.expires_at).not.toBeNull();

    const viaKey = await rest("GET", "/me", { token: secret });
    expect(viaKey.status).toBe(200);
    expect(await viaKey.json()).toMatchObject({ email: "admin@example.test", auth_method: "api_key" });

    const stored = await (await import("@/server/composition/web-runtime")).getRuntime().deps.db.apiKey.findUniqueOrThrow({ where: { id: api_key.id } });
    expect(stored.keyHash).not.toContain(secret);
    expect(stored.lastUsedAt).not.toBeNull();

    const listed = (await (await rest("GET", "/api-keys", { token: secret })).json()) as { items: Array<Record<string, unknown>> };
    expect(listed.items.map((k) => k.id)).toContain(api_key.id);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await rest("DELETE", `/api-keys/${api_key.id}`, { cookie });
    expect(revoked.status).toBe(200);
    const after = await rest("GET", "/me", { token: secret });
    expect(after.status).toBe(401);
  });

  it("maps validation, not-found and cross-site errors to 400/404/403", async () => {
    const { cookie } = await login("admin@example.test", "correct-horse-battery-staple", "198.51.100.30");
    const invalid = await rest("POST", "/api-keys", { cookie, body: { name: "" } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: "BAD_REQUEST", issues: [expect.objectContaining({ message: "Give the key a name." })] });

    const missing = await rest("DELETE", "/api-keys/key_doesnotexist", { cookie });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("API key key_doesnotexist was not found.");

    const forged = await routes.rest.POST(
      new Request(`${BASE}/api/console/api-keys`, {
        method: "POST",
        headers: { cookie: cookie!, origin: "https://evil.example", host: "127.0.0.1:3999", "content-type": "application/json" },
        body: JSON.stringify({ name: "x" }),
      }),
    );
    expect(forged.status).toBe(403);
  });

  it("hides another user's API key as not found", async () => {
    const { getRuntime } = await import("@/server/composition/web-runtime");
    const { deps } = getRuntime();
    const other = await deps.db.user.create({ data: { id: "usr_other", email: "other@example.test", name: "Other", passwordHash: await deps.hasher.hash("another-long-password"), emailVerifiedAt: new Date() } });
    const { cookie: otherCookie } = await login(other.email, "another-long-password", "198.51.100.40");
    const { cookie: adminCookie } = await login("admin@example.test", "correct-horse-battery-staple", "198.51.100.41");
    const created = (await (await rest("POST", "/api-keys", { cookie: otherCookie, body: { name: "mine", current_password: "another-long-password" } })).json()) as { api_key: { id: string } };
    const res = await rest("DELETE", `/api-keys/${created.api_key.id}`, { cookie: adminCookie });
    expect(res.status).toBe(404);
  });

  it("serves the admin overview to administrators only (403 for users)", async () => {
    const { cookie: adminCookie } = await login("admin@example.test", "correct-horse-battery-staple", "198.51.100.60");
    const res = await rest("GET", "/admin/overview", { cookie: adminCookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { users: { total: number; admins: number }; clusters: { by_status: Record<string, number> }; cluster_jobs: { by_status: Record<string, number> } };
    const { getRuntime } = await import("@/server/composition/web-runtime");
    expect(body.users.total).toBe(await getRuntime().deps.db.user.count());
    expect(body.users.admins).toBe(1);
    expect(body.clusters.by_status).toMatchObject({ provisioning: 0, ready: 0, deleted: 0 });
    expect(body.cluster_jobs).toMatchObject({ by_status: { pending: 0, running: 0, succeeded: 0, failed: 0 }, oldest_pending_at: null, expired_leases: 0 });

    const { cookie: userCookie } = await login("other@example.test", "another-long-password", "198.51.100.61");
    const forbidden = await rest("GET", "/admin/overview", { cookie: userCookie });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toMatch(/administrator/);
  });

  it("lists the cluster job queue for administrators with filters and backlog figures", async () => {
    const { getRuntime } = await import("@/server/composition/web-runtime");
    const { insertTestCluster } = await import("@/server/infra/db/prisma-job-store.test-fixtures");
    const { deps } = getRuntime();
    const { clusterId } = await insertTestCluster(deps.db);
    const job = await deps.jobs.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    const { cookie } = await login("admin@example.test", "correct-horse-battery-staple", "198.51.100.62");

    const res = await rest("GET", `/admin/cluster-jobs?status=pending&cluster_id=${clusterId}&limit=10`, { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Array<Record<string, unknown>>; summary: { by_status: Record<string, number>; oldest_pending_at: string | null } };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: job.id, cluster_id: clusterId, kind: "cluster.create", status: "pending", attempts: 0, max_attempts: 5, lease_owner: null, last_error: null });
    expect(body.summary.by_status.pending).toBeGreaterThanOrEqual(1);
    expect(body.summary.oldest_pending_at).not.toBeNull();

    expect((await rest("GET", "/admin/cluster-jobs?status=running", { cookie }).then((r) => r.json())).items).toEqual([]);
    expect((await rest("GET", "/admin/cluster-jobs?limit=0", { cookie })).status).toBe(400);
    expect((await rest("GET", "/admin/cluster-jobs?status=bogus", { cookie })).status).toBe(400);
    const { cookie: userCookie } = await login("other@example.test", "another-long-password", "198.51.100.63");
    expect((await rest("GET", "/admin/cluster-jobs", { cookie: userCookie })).status).toBe(403);
  });

  it("shows a cluster to its owner and administrators only; others get 404 on every path", async () => {
    const { getRuntime } = await import("@/server/composition/web-runtime");
    const { deps } = getRuntime();
    await deps.db.user.create({ data: { id: "usr_stranger", email: "stranger@example.test", name: "Stranger", passwordHash: await deps.hasher.hash("stranger-password-1"), emailVerifiedAt: new Date() } });
    await deps.db.cluster.create({
      data: { id: "cl_owned", ownerId: "usr_other", name: "demo", vclusterName: "demo-owned", namespace: "demo-owned", controlPlaneHost: "203.0.113.5" },
    });
    await deps.db.cluster.create({
      data: { id: "cl_gone", ownerId: "usr_other", name: "old", vclusterName: "old", namespace: "old", status: "deleted", publicAccessEnabled: false },
    });
    const owner = await login("other@example.test", "another-long-password", "198.51.100.80");
    const stranger = await login("stranger@example.test", "stranger-password-1", "198.51.100.81");
    const admin = await login("admin@example.test", "correct-horse-battery-staple", "198.51.100.82");

    const own = await rest("GET", "/clusters/cl_owned", { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      id: "cl_owned",
      vcluster_name: "demo-owned",
      status: "provisioning",
      public_access_enabled: true,
      public_access_mode: "nodeport",
      control_plane_host: "203.0.113.5",
      kubeconfig_available: false,
      connection_status: "unknown",
    });
    const listed = (await (await rest("GET", "/clusters", { cookie: owner.cookie })).json()) as { items: Array<{ id: string }> };
    expect(listed.items.map((c) => c.id)).toEqual(["cl_owned"]);
    const withDeleted = (await (await rest("GET", "/clusters?include_deleted=true", { cookie: owner.cookie })).json()) as { items: Array<{ id: string; public_access_mode: string }> };
    expect(withDeleted.items.map((c) => c.id).sort()).toEqual(["cl_gone", "cl_owned"]);
    expect(withDeleted.items.find((c) => c.id === "cl_gone")?.public_access_mode).toBe("off");

    const probe = await rest("GET", "/clusters/cl_owned", { cookie: stranger.cookie });
    expect(probe.status).toBe(404);
    expect((await probe.json()).message).toBe("Cluster cl_owned was not found.");
    expect((await (await rest("GET", "/clusters", { cookie: stranger.cookie })).json()).items).toEqual([]);
    expect((await rest("GET", "/clusters/cl_owned", { cookie: admin.cookie })).status).toBe(200);
    expect((await rest("GET", "/clusters/cl_nope", { cookie: admin.cookie })).status).toBe(404);
  });

  it("stops honouring a session as soon as it is revoked or its user is disabled", async () => {
    const { getRuntime } = await import("@/server/composition/web-runtime");
    const { revokeSession } = await import("@/server/services/auth/revoke-session");
    const { deps } = getRuntime();
    const { cookie } = await login("admin@example.test", "correct-horse-battery-staple", "198.51.100.50");
    expect((await rest("GET", "/me", { cookie })).status).toBe(200);
    const session = await deps.db.session.findFirstOrThrow({ where: { ip: "198.51.100.50" } });
    await revokeSession(deps, session.id);
    const after = await rest("GET", "/me", { cookie });
    expect(after.status).toBe(401);
    expect((await after.json()).message).toMatch(/session has ended/);

    await deps.db.user.create({ data: { id: "usr_disabled", email: "gone@example.test", name: "Gone", passwordHash: await deps.hasher.hash("yet-another-password"), emailVerifiedAt: new Date() } });
    const { cookie: goneCookie } = await login("gone@example.test", "yet-another-password");
    expect((await rest("GET", "/me", { cookie: goneCookie })).status).toBe(200);
    await deps.db.user.update({ where: { id: "usr_disabled" }, data: { disabled: true } });
    expect((await rest("GET", "/me", { cookie: goneCookie })).status).toBe(401);
  });

  it("signs out everywhere: every session of the user ends, API keys keep working", async () => {
    const { getRuntime } = await import("@/server/composition/web-runtime");
    const { deps } = getRuntime();
    await deps.db.user.create({ data: { id: "usr_many", email: "many@example.test", name: "Many", passwordHash: await deps.hasher.hash("many-sessions-password"), emailVerifiedAt: new Date() } });
    const laptop = await login("many@example.test", "many-sessions-password", "198.51.100.70");
    const phone = await login("many@example.test", "many-sessions-password", "198.51.100.71");
    const { secret } = (await (await rest("POST", "/api-keys", { cookie: laptop.cookie, body: { name: "script", current_password: "many-sessions-password" } })).json()) as { secret: string };
    const res = await rest("POST", "/me/sign-out-everywhere", { cookie: phone.cookie, body: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked_sessions: 2 });
    expect((await rest("GET", "/me", { cookie: laptop.cookie })).status).toBe(401);
    expect((await rest("GET", "/me", { cookie: phone.cookie })).status).toBe(401);
    expect((await rest("GET", "/me", { token: secret })).status).toBe(200);
  });

  it("records an audit trail of sign-ins and key changes without secrets", async () => {
    const { getRuntime } = await import("@/server/composition/web-runtime");
    const events = await getRuntime().deps.db.auditEvent.findMany({ orderBy: { createdAt: "asc" } });
    const actions = new Set(events.map((e) => e.action));
    for (const a of ["auth.first_admin_created", "auth.login", "auth.logout_everywhere", "api_key.create", "api_key.revoke"]) expect(actions).toContain(a);
    expect(JSON.stringify(events)).not.toMatch(/kbk_[0-9a-z]{8}_[0-9a-z]{40}/);
  });
});
