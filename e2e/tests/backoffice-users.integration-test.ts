import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { generateApiKey, hashApiKey } from "@/server/domain/auth/api-key-format";
import { newId } from "@/server/domain/ids";

/**
 * Admin user management over the REST adapter, on a real database: search,
 * filters and paging; the detail view's counts; role changes that take effect on
 * the next request; disable = sessions and API keys dead at once and logins
 * refused; re-enable; and the self-protection rules (409, audited as failures).
 */
let api: InProcessApi;
let admin: { cookie: string; id: string };

const ADMIN = { email: "admin@example.test", password: "correct-horse-battery-staple" };

/** A key inserted the way the use case stores it (hash only), so this file does not depend on the key-creation flow. */
async function issueApiKey(userId: string): Promise<string> {
  const key = generateApiKey();
  await api.runtime.deps.db.apiKey.create({ data: { id: newId("key"), userId, name: "script", prefix: key.prefix, keyHash: key.hash } });
  return key.key;
}

const json = async <T>(res: Response) => (await res.json()) as T;
type UserList = { items: Array<{ email: string; role: string; status: string; cluster_count: number }>; next_cursor: string | null };

beforeAll(async () => {
  api = await startInProcessApi("backoffice_users");
  const row = await api.runtime.deps.db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
  admin = { ...(await api.login(ADMIN.email, ADMIN.password)), id: row.id };
});

afterAll(() => api?.close());

describe("admin user list", () => {
  beforeAll(async () => {
    for (const [email, name] of [
      ["carol@example.test", "Carol Jones"],
      ["dave@example.test", "Dave Smith"],
      ["erin@corp.example", "Erin Smith"],
    ] as const) {
      const u = await api.createUser(email, "a-long-password-123");
      await api.runtime.deps.db.user.update({ where: { id: u.id }, data: { name } });
    }
    await api.runtime.deps.db.user.update({ where: { email: "erin@corp.example" }, data: { disabled: true } });
  });

  it("searches email and name case-insensitively, filters by role and status, and pages newest first", async () => {
    const bySurname = await json<UserList>(await api.rest("GET", "/admin/users?query=SMITH", { cookie: admin.cookie }));
    expect(bySurname.items.map((u) => u.email).sort()).toEqual(["dave@example.test", "erin@corp.example"]);
    const byDomain = await json<UserList>(await api.rest("GET", "/admin/users?query=corp.example", { cookie: admin.cookie }));
    expect(byDomain.items.map((u) => u.email)).toEqual(["erin@corp.example"]);

    const admins = await json<UserList>(await api.rest("GET", "/admin/users?role=admin", { cookie: admin.cookie }));
    expect(admins.items.map((u) => u.email)).toEqual([ADMIN.email]);
    const disabled = await json<UserList>(await api.rest("GET", "/admin/users?status=disabled", { cookie: admin.cookie }));
    expect(disabled.items).toEqual([expect.objectContaining({ email: "erin@corp.example", status: "disabled", role: "user" })]);

    const all = await json<UserList>(await api.rest("GET", "/admin/users?query=example&limit=2", { cookie: admin.cookie }));
    expect(all.items).toHaveLength(2);
    const second = await json<UserList>(await api.rest("GET", `/admin/users?query=example&limit=2&cursor=${all.next_cursor}`, { cookie: admin.cookie }));
    expect(second.next_cursor).toBeNull();
    expect([...all.items, ...second.items].map((u) => u.email)).toEqual(["erin@corp.example", "dave@example.test", "carol@example.test", ADMIN.email]);
  });

  it("explains invalid filters with 400", async () => {
    const res = await api.rest("GET", "/admin/users?limit=1000", { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("limit must be at most 200.");
    expect((await api.rest("GET", "/admin/users?status=gone", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("one user", () => {
  it("shows active sessions, active API keys and live clusters; an unknown id is 404", async () => {
    const frank = await api.createUser("frank@example.test", "frank-password-123");
    await api.login("frank@example.test", "frank-password-123");
    await issueApiKey(frank.id);
    const revoked = await issueApiKey(frank.id);
    await api.runtime.deps.db.apiKey.updateMany({ where: { keyHash: hashApiKey(revoked) }, data: { revokedAt: new Date() } });
    const created = await api.rest("POST", "/clusters", { cookie: frank.cookie, body: { name: "frank one", control_plane_host: "203.0.113.9" } });
    expect(created.status).toBe(200);
    const clusterId = (await json<{ id: string }>(created)).id;

    const detail = await json<{ active_sessions: number; active_api_keys: number; cluster_count: number; clusters: Array<{ id: string }> }>(
      await api.rest("GET", `/admin/users/${frank.id}`, { cookie: admin.cookie }),
    );
    expect(detail).toMatchObject({ active_sessions: 2, active_api_keys: 1, cluster_count: 1, clusters: [expect.objectContaining({ id: clusterId, name: "frank one" })] });
    expect(JSON.stringify(detail)).not.toContain("password");

    const missing = await api.rest("GET", "/admin/users/usr_nobody", { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect((await json<{ message: string }>(missing)).message).toBe("User usr_nobody was not found.");
  });
});

describe("role changes", () => {
  it("promotes and demotes another user, effective on their next request, and audits both", async () => {
    const gina = await api.createUser("gina@example.test", "gina-password-123");
    expect((await api.rest("GET", "/admin/users", { cookie: gina.cookie })).status).toBe(403);

    const promoted = await api.rest("PATCH", `/admin/users/${gina.id}`, { cookie: admin.cookie, body: { role: "admin" } });
    expect(promoted.status).toBe(200);
    expect(await json<{ role: string }>(promoted)).toMatchObject({ role: "admin" });
    expect((await api.rest("GET", "/admin/users", { cookie: gina.cookie })).status).toBe(200);

    await api.rest("PATCH", `/admin/users/${gina.id}`, { cookie: admin.cookie, body: { role: "user" } });
    expect((await api.rest("GET", "/admin/users", { cookie: gina.cookie })).status).toBe(403);

    const events = await api.runtime.deps.db.auditEvent.findMany({ where: { action: "admin.user.role_change", targetId: gina.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.actorUserId, e.result, e.metadata])).toEqual([
      [admin.id, "success", { email: "gina@example.test", from: "user", to: "admin" }],
      [admin.id, "success", { email: "gina@example.test", from: "admin", to: "user" }],
    ]);
    expect(events[0]!.ip).toBe("198.51.100.10");
  });

  it("refuses an admin demoting themselves with 409, changes nothing and audits the attempt as a failure", async () => {
    const res = await api.rest("PATCH", `/admin/users/${admin.id}`, { cookie: admin.cookie, body: { role: "user" } });
    expect(res.status).toBe(409);
    expect(await json<{ message: string }>(res)).toMatchObject({ code: "CONFLICT", message: "You cannot change your own role. Ask another administrator to do it." });
    expect((await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("admin");
    const attempt = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "admin.user.role_change", targetId: admin.id } });
    expect(attempt).toMatchObject({ result: "failure", actorUserId: admin.id, metadata: { reason: "self" } });
  });

  it("rejects an unknown role with 400", async () => {
    const hank = await api.createUser("hank@example.test", "hank-password-123");
    expect((await api.rest("PATCH", `/admin/users/${hank.id}`, { cookie: admin.cookie, body: { role: "root" } })).status).toBe(400);
  });
});

describe("disable and re-enable", () => {
  it("disabling ends every session and API key at once and refuses new logins; re-enabling allows login again, old keys stay dead", async () => {
    const ivan = await api.createUser("ivan@example.test", "ivan-password-123");
    const second = await api.login("ivan@example.test", "ivan-password-123");
    const key = await issueApiKey(ivan.id);
    expect((await api.rest("GET", "/me", { token: key })).status).toBe(200);

    const res = await api.rest("POST", `/admin/users/${ivan.id}/disable`, { cookie: admin.cookie, body: {} });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ revoked_sessions: 2, revoked_api_keys: 1, user: { status: "disabled", active_sessions: 0, active_api_keys: 0 } });

    for (const auth of [{ cookie: ivan.cookie }, { cookie: second.cookie }, { token: key }]) {
      expect((await api.rest("GET", "/me", auth)).status).toBe(401);
    }
    await expect(api.login("ivan@example.test", "ivan-password-123")).rejects.toMatchObject({ code: "FORBIDDEN", message: "This account is disabled. Contact your administrator." });
    // The refused attempt is on the activity stream too.
    const refused = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "auth.login_failed", actorUserId: ivan.id } });
    expect(refused).toMatchObject({ result: "failure", metadata: { email: "ivan@example.test", reason: "disabled" } });
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "admin.user.disable", targetId: ivan.id } });
    expect(audit).toMatchObject({ actorUserId: admin.id, result: "success", metadata: { email: "ivan@example.test", revoked_sessions: 2, revoked_api_keys: 1, was_disabled: false } });

    const enabled = await api.rest("POST", `/admin/users/${ivan.id}/enable`, { cookie: admin.cookie, body: {} });
    expect(enabled.status).toBe(200);
    expect(await json(enabled)).toMatchObject({ status: "active" });
    const fresh = await api.login("ivan@example.test", "ivan-password-123");
    expect((await api.rest("GET", "/me", fresh)).status).toBe(200);
    expect((await api.rest("GET", "/me", { token: key })).status).toBe(401);
    expect((await api.rest("GET", "/me", { cookie: ivan.cookie })).status).toBe(401);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { action: "admin.user.enable", targetId: ivan.id, result: "success" } })).toBe(1);
  });

  it("refuses an admin disabling themselves (409) and keeps their session working", async () => {
    const res = await api.rest("POST", `/admin/users/${admin.id}/disable`, { cookie: admin.cookie, body: {} });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe("You cannot disable your own account. Ask another administrator to do it.");
    expect((await api.rest("GET", "/me", { cookie: admin.cookie })).status).toBe(200);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { action: "admin.user.disable", targetId: admin.id, result: "failure" } })).toBe(1);
  });

  it("a disabled admin's API key cannot act as admin any more", async () => {
    const judy = await api.createUser("judy@example.test", "judy-password-123", "admin");
    const key = await issueApiKey(judy.id);
    expect((await api.rest("GET", "/admin/users", { token: key })).status).toBe(200);
    await api.rest("POST", `/admin/users/${judy.id}/disable`, { cookie: admin.cookie, body: {} });
    expect((await api.rest("POST", `/admin/users/${admin.id}/disable`, { token: key, body: {} })).status).toBe(401);
  });

  it("answers 404 for an unknown user on every change", async () => {
    for (const [method, path, body] of [
      ["PATCH", "/admin/users/usr_missing", { role: "admin" }],
      ["POST", "/admin/users/usr_missing/disable", {}],
      ["POST", "/admin/users/usr_missing/enable", {}],
    ] as const) {
      expect((await api.rest(method, path, { cookie: admin.cookie, body })).status, `${method} ${path}`).toBe(404);
    }
  });
});
