import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * Session lifetime through the real REST route on a real database: the idle
 * timeout (KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES), the absolute lifetime
 * (KUBEBYON_SESSION_TTL_HOURS → expires_at), last_seen_at written at most once
 * a minute, and a new session id at every login that revokes the one the
 * browser held before. Time passes by moving the rows' timestamps back.
 */
let api: InProcessApi;
const IDLE_MINUTES = 30;

beforeAll(async () => {
  api = await startInProcessApi("auth_hardening_sessions", { KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES: String(IDLE_MINUTES), KUBEBYON_SESSION_TTL_HOURS: "24" });
});
afterAll(() => api?.close());

async function sessionIdOf(cookie: string): Promise<string> {
  const { sessionIdFromCookie } = await import("@/server/api/auth/session-cookie");
  const sid = await sessionIdFromCookie(new Headers({ cookie }), api.runtime.config.authSecret!);
  if (!sid) throw new Error("cookie carries no session id");
  return sid;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function me(cookie: string): Promise<{ status: number; message?: string }> {
  const res = await api.rest("GET", "/me", { cookie });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message };
}

describe("session timeouts", () => {
  it("ends a session that was idle for longer than the idle timeout, with a 401 that says so", async () => {
    const user = await api.createUser("idle@example.test", "idle-user-password-1");
    const sid = await sessionIdOf(user.cookie);
    expect((await me(user.cookie)).status).toBe(200);

    // Just inside the idle window: still signed in, and the visit counts as activity.
    await api.runtime.deps.db.session.update({ where: { id: sid }, data: { lastSeenAt: minutesAgo(IDLE_MINUTES - 1) } });
    expect((await me(user.cookie)).status).toBe(200);
    const touched = await api.runtime.deps.db.session.findUniqueOrThrow({ where: { id: sid } });
    expect(Date.now() - touched.lastSeenAt!.getTime()).toBeLessThan(60_000);

    await api.runtime.deps.db.session.update({ where: { id: sid }, data: { lastSeenAt: minutesAgo(IDLE_MINUTES + 1) } });
    expect(await me(user.cookie)).toEqual({ status: 401, message: expect.stringMatching(/inactivity.*Sign in again/) });
    // A refused request is not activity: the session stays ended.
    expect((await me(user.cookie)).status).toBe(401);
  });

  it("ends a session at its absolute lifetime even when it is in constant use", async () => {
    const user = await api.createUser("absolute@example.test", "absolute-user-password");
    const sid = await sessionIdOf(user.cookie);
    const row = await api.runtime.deps.db.session.findUniqueOrThrow({ where: { id: sid } });
    // KUBEBYON_SESSION_TTL_HOURS=24 decides expires_at at login.
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(24 * 3_600_000 - 5_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(24 * 3_600_000 + 5_000);

    await api.runtime.deps.db.session.update({ where: { id: sid }, data: { expiresAt: minutesAgo(1), lastSeenAt: new Date() } });
    expect(await me(user.cookie)).toEqual({ status: 401, message: expect.stringMatching(/session has expired.*Sign in again/) });
  });

  it("writes last_seen_at at most once a minute", async () => {
    const user = await api.createUser("touch@example.test", "touch-user-password-1");
    const sid = await sessionIdOf(user.cookie);
    const recent = new Date(Date.now() - 30_000);
    await api.runtime.deps.db.session.update({ where: { id: sid }, data: { lastSeenAt: recent } });
    await me(user.cookie);
    await me(user.cookie);
    expect((await api.runtime.deps.db.session.findUniqueOrThrow({ where: { id: sid } })).lastSeenAt).toEqual(recent);

    const older = new Date(Date.now() - 90_000);
    await api.runtime.deps.db.session.update({ where: { id: sid }, data: { lastSeenAt: older } });
    await me(user.cookie);
    const after = (await api.runtime.deps.db.session.findUniqueOrThrow({ where: { id: sid } })).lastSeenAt!;
    expect(after.getTime()).toBeGreaterThan(older.getTime() + 60_000);
  });
});

describe("session rotation at login", () => {
  it("opens a new session id at login and revokes the session the browser held before", async () => {
    const { signInWithPassword } = await import("@/server/services/auth/sign-in-with-password");
    const { encode } = await import("next-auth/jwt");
    const victim = await api.createUser("rotate@example.test", "rotate-user-password");
    // A session planted before login (fixation) or left over from another account.
    const attacker = await api.createUser("planted@example.test", "planted-user-password");
    const planted = await sessionIdOf(attacker.cookie);

    const fresh = await signInWithPassword(
      api.runtime.deps,
      { email: "rotate@example.test", password: "rotate-user-password" },
      { ip: "198.51.100.90", userAgent: "vitest" },
      { replacesSessionId: planted },
    );
    expect(fresh.sessionId).not.toBe(planted);
    expect((await api.runtime.deps.db.session.findUniqueOrThrow({ where: { id: planted } })).revokedAt).not.toBeNull();
    expect((await me(attacker.cookie)).status).toBe(401);

    const cookie = `kubebyon_session=${await encode({ token: { sid: fresh.sessionId }, secret: api.runtime.config.authSecret! })}`;
    const res = await api.rest("GET", "/me", { cookie });
    expect(await res.json()).toMatchObject({ id: victim.id, email: "rotate@example.test" });
    // The victim's earlier session (from createUser) is untouched: rotation replaces only what the browser carried.
    expect((await me(victim.cookie)).status).toBe(200);
  });
});
