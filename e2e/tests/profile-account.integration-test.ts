import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * Profile, password change and own sessions through the real REST route on a
 * real database, with sessions minted by the real sign-in use case.
 */
let api: InProcessApi;

beforeAll(async () => {
  api = await startInProcessApi("profile_account");
});
afterAll(() => api?.close());

type Json = Record<string, unknown> & { message?: string };
async function call(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, init: { cookie?: string; token?: string; body?: unknown }) {
  const res = await api.rest(method, path, init);
  return { status: res.status, body: (await res.json()) as Json };
}

describe("profile", () => {
  it("reads and changes display name and language; invalid values are 400 and change nothing", async () => {
    const user = await api.createUser("profile@example.test", "profile-user-password");
    const got = await call("GET", "/profile", { cookie: user.cookie });
    expect(got).toMatchObject({ status: 200, body: { id: user.id, email: "profile@example.test", display_name: "profile", locale: null, avatar_url: null, has_password: true, role: "user" } });

    const changed = await call("PATCH", "/profile", { cookie: user.cookie, body: { display_name: "  Ada Lovelace  ", locale: "en" } });
    expect(changed).toMatchObject({ status: 200, body: { display_name: "Ada Lovelace", locale: "en" } });
    const row = await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ name: "Ada Lovelace", locale: "en" });
    const audit = await api.runtime.deps.db.auditEvent.findMany({ where: { actorUserId: user.id, action: "profile.update" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetId: user.id, ip: "198.51.100.10", metadata: { changed: ["name", "locale"], display_name: "Ada Lovelace", locale: "en" } });

    expect((await call("PATCH", "/profile", { cookie: user.cookie, body: { display_name: "   " } })).status).toBe(400);
    expect((await call("PATCH", "/profile", { cookie: user.cookie, body: { display_name: "x".repeat(101) } })).status).toBe(400);
    expect((await call("PATCH", "/profile", { cookie: user.cookie, body: { locale: "fr" } })).status).toBe(400);
    // Unchanged values write nothing.
    expect((await call("PATCH", "/profile", { cookie: user.cookie, body: { display_name: "Ada Lovelace" } })).status).toBe(200);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { actorUserId: user.id, action: "profile.update" } })).toBe(1);
    expect((await call("GET", "/me", { cookie: user.cookie })).body.name).toBe("Ada Lovelace");
  });

  it("needs a signed-in caller", async () => {
    expect((await call("GET", "/profile", {})).status).toBe(401);
    expect((await call("GET", "/profile/sessions", {})).status).toBe(401);
  });
});

describe("change password", () => {
  it("requires the current password, applies the policy, signs out every other session and keeps this one", async () => {
    const user = await api.createUser("changer@example.test", "old-password-123");
    const other = await api.login("changer@example.test", "old-password-123", "203.0.113.7");

    const missing = await call("POST", "/profile/password", { cookie: user.cookie, body: { new_password: "new-password-456" } });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toMatch(/current password/);
    const wrong = await call("POST", "/profile/password", { cookie: user.cookie, body: { current_password: "nope-nope-nope", new_password: "new-password-456" } });
    expect(wrong).toMatchObject({ status: 403, body: { message: "The current password is incorrect. Enter the password you sign in with." } });
    expect(await api.runtime.deps.db.auditEvent.count({ where: { actorUserId: user.id, action: "auth.reauth_failed", metadata: { path: ["for"], equals: "profile.password_change" } } })).toBe(1);
    const short = await call("POST", "/profile/password", { cookie: user.cookie, body: { current_password: "old-password-123", new_password: "short" } });
    expect(short.status).toBe(400);
    const same = await call("POST", "/profile/password", { cookie: user.cookie, body: { current_password: "old-password-123", new_password: "old-password-123" } });
    expect(same).toMatchObject({ status: 400, body: { message: expect.stringMatching(/same as the current one/) } });

    const ok = await call("POST", "/profile/password", { cookie: user.cookie, body: { current_password: "old-password-123", new_password: "new-password-456" } });
    expect(ok).toMatchObject({ status: 200, body: { status: "password_changed", revoked_sessions: 1 } });
    expect((await call("GET", "/profile", { cookie: user.cookie })).status).toBe(200);
    expect((await call("GET", "/profile", { cookie: other.cookie })).status).toBe(401);

    await expect(api.login("changer@example.test", "old-password-123")).rejects.toThrow();
    await expect(api.login("changer@example.test", "new-password-456")).resolves.toBeDefined();
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { actorUserId: user.id, action: "profile.password_change" } });
    expect(audit).toMatchObject({ result: "success", targetId: user.id, metadata: { sessions_revoked: 1, via: "session" } });
  });
});

describe("own sessions", () => {
  it("lists active sessions with the current one marked; revoke one, revoke all others", async () => {
    const user = await api.createUser("sessions@example.test", "sessions-password-1");
    const laptop = await api.login("sessions@example.test", "sessions-password-1", "203.0.113.21");
    const phone = await api.login("sessions@example.test", "sessions-password-1", "203.0.113.22");
    await api.login("sessions@example.test", "sessions-password-1", "203.0.113.23");
    // A logged-out session is not listed.
    const { revokeSession } = await import("@/server/services/auth/revoke-session");
    const loggedOut = await api.runtime.deps.db.session.findFirstOrThrow({ where: { userId: user.id, ip: "203.0.113.23" } });
    await revokeSession(api.runtime.deps, loggedOut.id);

    const list = await call("GET", "/profile/sessions", { cookie: user.cookie });
    expect(list.status).toBe(200);
    const items = list.body.items as Array<{ id: string; ip: string; user_agent: string; current: boolean; created_at: string; last_seen_at: string | null; expires_at: string }>;
    expect(items.map((s) => s.ip).sort()).toEqual(["198.51.100.20", "203.0.113.21", "203.0.113.22"]);
    expect(items.filter((s) => s.current).map((s) => s.ip)).toEqual(["198.51.100.20"]);
    expect(items[0]).toMatchObject({ user_agent: "vitest", expires_at: expect.any(String), created_at: expect.any(String) });

    const laptopId = items.find((s) => s.ip === "203.0.113.21")!.id;
    const revoked = await call("DELETE", `/profile/sessions/${laptopId}`, { cookie: user.cookie });
    expect(revoked).toMatchObject({ status: 200, body: { id: laptopId, current: false } });
    expect((await call("GET", "/profile", { cookie: laptop.cookie })).status).toBe(401);
    expect((await call("GET", "/profile", { cookie: phone.cookie })).status).toBe(200);

    const others = await call("POST", "/profile/sessions/revoke-others", { cookie: user.cookie, body: {} });
    expect(others).toMatchObject({ status: 200, body: { revoked_sessions: 1 } });
    expect((await call("GET", "/profile", { cookie: phone.cookie })).status).toBe(401);
    const left = (await call("GET", "/profile/sessions", { cookie: user.cookie })).body.items as Array<{ current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ current: true })]);

    const actions = await api.runtime.deps.db.auditEvent.findMany({ where: { actorUserId: user.id, action: { startsWith: "profile.session" } }, select: { action: true, targetId: true } });
    expect(actions).toEqual(expect.arrayContaining([{ action: "profile.session_revoke", targetId: laptopId }, { action: "profile.sessions_revoke_others", targetId: user.id }]));

    // Revoking the current session is a logout.
    const currentId = items.find((s) => s.current)!.id;
    expect((await call("DELETE", `/profile/sessions/${currentId}`, { cookie: user.cookie })).body).toMatchObject({ current: true });
    expect((await call("GET", "/profile", { cookie: user.cookie })).status).toBe(401);
  });

  it("never shows or revokes another user's sessions (404, unchanged)", async () => {
    const alice = await api.createUser("alice-sessions@example.test", "alice-password-12");
    const mallory = await api.createUser("mallory-sessions@example.test", "mallory-password-1");
    const aliceSession = await api.runtime.deps.db.session.findFirstOrThrow({ where: { userId: alice.id } });

    const malloryList = (await call("GET", "/profile/sessions", { cookie: mallory.cookie })).body.items as Array<{ id: string }>;
    expect(malloryList.map((s) => s.id)).not.toContain(aliceSession.id);
    expect(malloryList).toHaveLength(1);

    const attempt = await call("DELETE", `/profile/sessions/${aliceSession.id}`, { cookie: mallory.cookie });
    expect(attempt).toMatchObject({ status: 404, body: { message: "This session was not found." } });
    expect((await call("DELETE", "/profile/sessions/ses_doesnotexist", { cookie: mallory.cookie })).status).toBe(404);
    await call("POST", "/profile/sessions/revoke-others", { cookie: mallory.cookie, body: {} });
    expect((await call("GET", "/profile", { cookie: alice.cookie })).status).toBe(200);
  });

  it("lets an API-key client list sessions (none current) and sign them all out", async () => {
    const user = await api.createUser("keyholder@example.test", "keyholder-password");
    const created = await call("POST", "/api-keys", { cookie: user.cookie, body: { name: "ci", current_password: "keyholder-password" } });
    const token = created.body.secret as string;
    const list = (await call("GET", "/profile/sessions", { token })).body.items as Array<{ current: boolean }>;
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(false);
    expect((await call("POST", "/profile/sessions/revoke-others", { token, body: {} })).body).toMatchObject({ revoked_sessions: 1 });
    expect((await call("GET", "/profile", { cookie: user.cookie })).status).toBe(401);
    expect((await call("GET", "/profile", { token })).status).toBe(200);
  });
});
