import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import type { OAuthIdentity } from "@/server/services/oauth/oauth-identity";

/**
 * The OAuth sign-in use case on a real database: who it signs in (existing link, verified-email
 * link, new account), what it refuses (unverified email on an existing account, no verified email,
 * disabled user), and that its session is the same revocable `sessions` row a password login opens
 * (the cookie made from it works on the REST API; rotation revokes the browser's previous session).
 * The browser flow through next-auth and the provider protocol is e2e/browser/oauth.e2e.ts.
 */
let api: InProcessApi;
const origin = { ip: "198.51.100.7", userAgent: "vitest-oauth" };

beforeAll(async () => {
  api = await startInProcessApi("oauth_sign_in");
});
afterAll(() => api?.close());

async function signIn(identity: Partial<OAuthIdentity> & Pick<OAuthIdentity, "providerAccountId">, replacesSessionId?: string) {
  const { signInWithOAuth } = await import("@/server/services/oauth/sign-in-with-oauth");
  return signInWithOAuth(api.runtime.deps, { provider: "github", email: null, emailVerified: false, name: null, ...identity }, origin, { replacesSessionId });
}

async function cookieFor(sessionId: string): Promise<string> {
  const { encode } = await import("next-auth/jwt");
  return `kubebyon_session=${await encode({ token: { sid: sessionId }, secret: api.runtime.config.authSecret! })}`;
}

const db = () => api.runtime.deps.db;

describe("signInWithOAuth", () => {
  it("creates an active, password-less user on first sign-in with a verified email, and its session works", async () => {
    const result = await signIn({ providerAccountId: "101", email: "New.Person@Example.test", emailVerified: true, name: "New Person" });
    const user = await db().user.findUniqueOrThrow({ where: { id: result.userId }, include: { oauthAccounts: true } });
    expect(user).toMatchObject({ email: "new.person@example.test", name: "New Person", passwordHash: null, role: "user" });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.oauthAccounts).toMatchObject([{ provider: "github", providerAccountId: "101", providerEmail: "new.person@example.test" }]);
    const session = await db().session.findUniqueOrThrow({ where: { id: result.sessionId } });
    expect(session).toMatchObject({ userId: user.id, ip: origin.ip, userAgent: origin.userAgent, revokedAt: null });

    const me = await api.rest("GET", "/me", { cookie: await cookieFor(result.sessionId) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "new.person@example.test" });
    const login = await db().auditEvent.findFirstOrThrow({ where: { action: "auth.login", targetId: result.sessionId } });
    expect(login).toMatchObject({ actorUserId: user.id, ip: origin.ip, userAgent: origin.userAgent, result: "success", metadata: { method: "github" } });
  });

  it("signs the linked user in again by provider account id even when the provider email changed, and rotates the session", async () => {
    const first = await signIn({ providerAccountId: "102", email: "linked@example.test", emailVerified: true });
    const again = await signIn({ providerAccountId: "102", email: "renamed@example.test", emailVerified: false }, first.sessionId);
    expect(again.userId).toBe(first.userId);
    expect(again.sessionId).not.toBe(first.sessionId);
    expect((await db().session.findUniqueOrThrow({ where: { id: first.sessionId } })).revokedAt).not.toBeNull();
    expect((await db().oAuthAccount.findFirstOrThrow({ where: { providerAccountId: "102" } })).providerEmail).toBe("renamed@example.test");
    expect((await api.rest("GET", "/me", { cookie: await cookieFor(first.sessionId) })).status).toBe(401);
  });

  it("links an existing account only through a provider-verified email", async () => {
    const owner = await api.createUser("owner@example.test", "owner-password-1234");
    await expect(signIn({ providerAccountId: "103", email: "owner@example.test", emailVerified: false })).rejects.toMatchObject({
      reason: "email_unverified",
      code: "PRECONDITION_FAILED",
      message: expect.stringMatching(/not verified.*cannot be linked/),
    });
    expect(await db().oAuthAccount.count({ where: { userId: owner.id } })).toBe(0);
    const refused = await db().auditEvent.findFirstOrThrow({ where: { action: "auth.login_failed", actorUserId: owner.id } });
    expect(refused).toMatchObject({ result: "failure", metadata: { method: "github", reason: "email_unverified" } });

    const linked = await signIn({ provider: "google", providerAccountId: "g-103", email: "OWNER@example.test", emailVerified: true });
    expect(linked.userId).toBe(owner.id);
    expect(await db().auditEvent.count({ where: { action: "auth.oauth_linked", actorUserId: owner.id } })).toBe(1);
    // The password keeps working beside the link.
    await expect(api.login("owner@example.test", "owner-password-1234")).resolves.toHaveProperty("cookie");
  });

  it("refuses a new person without a verified email and creates nothing", async () => {
    await expect(signIn({ providerAccountId: "104", email: "nobody@example.test", emailVerified: false })).rejects.toMatchObject({ reason: "no_verified_email" });
    await expect(signIn({ providerAccountId: "105", email: null })).rejects.toMatchObject({ reason: "no_verified_email" });
    expect(await db().user.count({ where: { email: "nobody@example.test" } })).toBe(0);
  });

  it("refuses a disabled user, through a link or through a matching email", async () => {
    const first = await signIn({ providerAccountId: "106", email: "soon-disabled@example.test", emailVerified: true });
    await db().user.update({ where: { id: first.userId }, data: { disabled: true } });
    await expect(signIn({ providerAccountId: "106", email: "soon-disabled@example.test", emailVerified: true })).rejects.toMatchObject({ reason: "account_disabled", code: "FORBIDDEN" });
    await expect(signIn({ provider: "google", providerAccountId: "g-106", email: "soon-disabled@example.test", emailVerified: true })).rejects.toMatchObject({ reason: "account_disabled" });
    expect(await db().session.count({ where: { userId: first.userId, revokedAt: null } })).toBe(1);
  });

  it("activates a pending registration for the verified inbox owner and drops its unconfirmed password", async () => {
    const { newId } = await import("@/server/domain/ids");
    const pending = await db().user.create({
      data: { id: newId("usr"), email: "pending@example.test", name: "Squatter", passwordHash: await api.runtime.deps.hasher.hash("squatter-password-1") },
    });
    const result = await signIn({ providerAccountId: "107", email: "pending@example.test", emailVerified: true });
    expect(result.userId).toBe(pending.id);
    const user = await db().user.findUniqueOrThrow({ where: { id: pending.id } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.passwordHash).toBeNull();
    await expect(api.login("pending@example.test", "squatter-password-1")).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
