import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { waitFor } from "@e2e/env/wait-for";
import type { PasswordHasher } from "@/server/services/auth/ports";

/**
 * Credentials through the real REST route and sign-in use case on a real
 * database: re-authentication before creating an API key, API key expiry,
 * argon2 rehashing at login, and no user enumeration through login.
 */
let api: InProcessApi;

beforeAll(async () => {
  api = await startInProcessApi("auth_hardening_credentials");
});
afterAll(() => api?.close());

async function post(path: string, cookie: string, body: Record<string, unknown>) {
  const res = await api.rest("POST", path, { cookie, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> & { message?: string } };
}

describe("re-authentication before creating an API key", () => {
  it("requires the current password: missing or wrong → 403 (recorded), right → the key", async () => {
    const user = await api.createUser("reauth@example.test", "reauth-user-password");
    const missing = await post("/api-keys", user.cookie, { name: "ci" });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toMatch(/current password/);

    const wrong = await post("/api-keys", user.cookie, { name: "ci", current_password: "not-my-password" });
    expect(wrong).toMatchObject({ status: 403, body: { code: "FORBIDDEN", message: "The current password is incorrect. Enter the password you sign in with." } });
    expect(await api.runtime.deps.db.apiKey.count({ where: { userId: user.id } })).toBe(0);
    const failures = await api.runtime.deps.db.auditEvent.findMany({ where: { actorUserId: user.id, action: "auth.reauth_failed" } });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ result: "failure", targetId: user.id, ip: "198.51.100.10", metadata: { for: "api_key.create" } });

    const ok = await post("/api-keys", user.cookie, { name: "ci", current_password: "reauth-user-password" });
    expect(ok.status).toBe(200);
    expect(ok.body.secret).toMatch(/^kbk_/);
  });

  it("asks an API-key client for the password too, so a leaked key cannot mint more keys", async () => {
    const user = await api.createUser("keyclient@example.test", "keyclient-password-1");
    const first = await post("/api-keys", user.cookie, { name: "first", current_password: "keyclient-password-1" });
    const token = first.body.secret as string;
    const viaKey = await api.rest("POST", "/api-keys", { token, body: { name: "second" } });
    expect(viaKey.status).toBe(403);
    expect((await api.rest("POST", "/api-keys", { token, body: { name: "second", current_password: "keyclient-password-1" } })).status).toBe(200);
  });

  it("rate-limits password confirmations per user (429 with Retry-After)", async () => {
    const user = await api.createUser("guesser@example.test", "guesser-password-12");
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post("/api-keys", user.cookie, { name: "x", current_password: `guess-${i}` });
      statuses.push(last.status);
    }
    // KUBEBYON_AUTH_RATE_LIMIT_BURST defaults to 5.
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right password waits now.
    expect((await post("/api-keys", user.cookie, { name: "x", current_password: "guesser-password-12" })).status).toBe(429);
  });

  it("lets a password-less (OAuth) account confirm by a recent sign-in only", async () => {
    const { newId } = await import("@/server/domain/ids");
    const { encode } = await import("next-auth/jwt");
    const id = newId("usr");
    await api.runtime.deps.db.user.create({ data: { id, email: "oauth-only@example.test", name: "OAuth", passwordHash: null } });
    const sessionCookie = async (createdAt: Date) => {
      const sid = newId("ses");
      await api.runtime.deps.db.session.create({ data: { id: sid, userId: id, createdAt, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) } });
      return `kubebyon_session=${await encode({ token: { sid }, secret: api.runtime.config.authSecret! })}`;
    };
    const stale = await post("/api-keys", await sessionCookie(new Date(Date.now() - 20 * 60_000)), { name: "ci" });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/no password.*sign in.*10 minutes/);
    expect((await post("/api-keys", await sessionCookie(new Date()), { name: "ci" })).status).toBe(200);
  });
});

describe("API key expiry", () => {
  it("lists expires_at and refuses an expired key with 401 'API key expired'", async () => {
    const user = await api.createUser("expiry@example.test", "expiry-user-password");
    const created = await post("/api-keys", user.cookie, { name: "short", expires_in_days: 7, current_password: "expiry-user-password" });
    const key = created.body.api_key as { id: string; expires_at: string };
    const days = (new Date(key.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const token = created.body.secret as string;
    const listed = (await (await api.rest("GET", "/api-keys", { token })).json()) as { items: Array<{ id: string; expires_at: string | null }> };
    expect(listed.items.find((k) => k.id === key.id)?.expires_at).toBe(key.expires_at);

    // Moved into the past behind the API's back (as the clock would): the lookup the key's last request cached is
    // dropped when the database announces the change, milliseconds after the commit (docs/security.md "API keys").
    await api.runtime.deps.db.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const res = await waitFor("the expired key to be refused", () => api.rest("GET", "/me", { token }), (r) => r.status !== 200, 2_000);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/^API key expired\./) });
  });
});

describe("argon2 parameters", () => {
  it("replaces a hash made with older parameters at the next successful login", async () => {
    const { newId } = await import("@/server/domain/ids");
    const id = newId("usr");
    const oldHash = await hash("legacy-user-password", { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await api.runtime.deps.db.user.create({ data: { id, email: "legacy@example.test", name: "Legacy", passwordHash: oldHash, emailVerifiedAt: new Date() } });

    // A failed login must not touch the hash.
    await expect(api.login("legacy@example.test", "wrong-password")).rejects.toThrow(/incorrect/);
    expect((await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id } })).passwordHash).toBe(oldHash);

    await api.login("legacy@example.test", "legacy-user-password");
    const stored = (await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id } })).passwordHash!;
    expect(stored).not.toBe(oldHash);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await api.runtime.deps.hasher.verify(stored, "legacy-user-password")).toBe(true);
    const login = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { actorUserId: id, action: "auth.login" } });
    expect(login.metadata).toMatchObject({ password_rehashed: true });

    // Current parameters: the next login leaves the hash alone.
    await api.login("legacy@example.test", "legacy-user-password");
    expect((await api.runtime.deps.db.user.findUniqueOrThrow({ where: { id } })).passwordHash).toBe(stored);
  });
});

describe("no user enumeration through login", () => {
  it("answers unknown email, wrong password and password-less accounts alike, each after one argon2 verify", async () => {
    const { signInWithPassword } = await import("@/server/services/auth/sign-in-with-password");
    const { newId } = await import("@/server/domain/ids");
    await api.createUser("known@example.test", "known-user-password");
    await api.runtime.deps.db.user.create({ data: { id: newId("usr"), email: "nopassword@example.test", name: "NoPw", passwordHash: null } });

    // Count the real hasher's work on each path (a wrapper, not a replacement).
    const real: PasswordHasher = api.runtime.deps.hasher;
    let verifies = 0;
    api.runtime.deps.hasher = { ...real, verify: (h, p) => ((verifies += 1), real.verify(h, p)) };
    const outcome = async (email: string) => {
      verifies = 0;
      const error = await signInWithPassword(api.runtime.deps, { email, password: "some-wrong-password" }, { ip: "198.51.100.95", userAgent: "vitest" }).catch(
        (e: Error) => e,
      );
      return { message: (error as Error).message, code: (error as { code?: string }).code, verifies };
    };
    try {
      const unknown = await outcome("nobody@example.test");
      const wrong = await outcome("known@example.test");
      const passwordless = await outcome("nopassword@example.test");
      expect(unknown).toEqual({ message: "Email or password is incorrect.", code: "UNAUTHORIZED", verifies: 1 });
      expect(wrong).toEqual(unknown);
      expect(passwordless).toEqual(unknown);
    } finally {
      api.runtime.deps.hasher = real;
    }
  });
});
