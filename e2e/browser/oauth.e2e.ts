import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage } from "@e2e/env/console-page";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@e2e/env/fake-oauth-provider";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { createTestUser } from "./fixtures/create-test-user";

/**
 * GitHub and Google sign-in in Chromium against `next start`, with both providers pointed at a
 * local server that speaks their protocol (e2e/env/fake-oauth-provider.ts): a new person gets an
 * account and lands on the dashboard; an existing account is linked only through a
 * provider-verified email; an unverified email matching an account is sent back to /login with
 * the reason; a disabled user is refused.
 */
const SHOTS = path.resolve("test-results/browser");

let db: TestDatabase | undefined;
let prisma: Db | undefined;
let fake: FakeOAuthProvider | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

const dbc = (): Db => prisma!;

async function shot(name: string) {
  await page.screenshot({ path: path.join(SHOTS, `oauth-${name}.png`), fullPage: true });
}

/** A fresh signed-out browser state, then the provider's button on /login. */
async function continueWith(provider: "GitHub" | "Google"): Promise<void> {
  await browser!.context.clearCookies();
  await page.goto(new URL("/login", app!.url).toString());
  await page.getByRole("button", { name: `Continue with ${provider}` }).click();
}

async function expectDashboardAs(email: string): Promise<void> {
  await page.waitForURL("**/dashboard");
  // The session works for API calls too: /api/console/me answers with the signed-in user.
  const me = await page.evaluate(async () => (await fetch("/api/console/me")).json() as Promise<{ email?: string }>);
  expect(me.email).toBe(email);
}

async function expectRefused(text: RegExp): Promise<void> {
  await page.waitForURL(/\/login\?error=/);
  await expect.poll(() => page.getByRole("alert").filter({ hasText: text }).count()).toBe(1);
  const me = await page.evaluate(async () => (await fetch("/api/console/me")).status);
  expect(me).toBe(401);
}

describe("GitHub and Google sign-in in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeOAuthProvider();
    db = await createTestDatabase("browser_oauth");
    prisma = createPrismaClient(db.url);
    app = await startAppServer({ databaseUrl: db.url, env: { ...fake.appEnv(), KUBEBYON_RABBITMQ_URL: "" } });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await fake?.close();
    await prisma?.$disconnect();
    await db?.drop();
  });

  it("shows a button per configured provider on the login page", async () => {
    await page.goto(new URL("/login", app!.url).toString());
    await expect.poll(() => page.getByRole("button", { name: "Continue with GitHub" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(1);
    await shot("login-buttons");
  });

  it("GitHub: a new person with a verified primary email gets an account and the dashboard", async () => {
    fake!.github.signInAs({
      id: 5001,
      login: "octo",
      name: "Octo Cat",
      publicEmail: "typed-anything@example.test",
      emails: [
        { email: "octo-old@example.test", primary: false, verified: true },
        { email: "Octo@Example.test", primary: true, verified: true },
      ],
    });
    await continueWith("GitHub");
    await expectDashboardAs("octo@example.test");
    await shot("github-new-user-dashboard");

    const user = await dbc().user.findUniqueOrThrow({ where: { email: "octo@example.test" }, include: { oauthAccounts: true, sessions: true } });
    expect(user.name).toBe("Octo Cat");
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.passwordHash).toBeNull();
    expect(user.oauthAccounts.map((a) => [a.provider, a.providerAccountId])).toEqual([["github", "5001"]]);
    expect(user.sessions.filter((s) => !s.revokedAt)).toHaveLength(1);
    const actions = (await dbc().auditEvent.findMany({ where: { actorUserId: user.id }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["account.registered", "auth.login"]);
    // The real protocol was spoken: code for token, then the profile and the email list.
    expect(fake!.requests).toEqual(expect.arrayContaining(["POST /github/login/oauth/access_token", "GET /github-api/user", "GET /github-api/user/emails"]));
  });

  it("GitHub: an existing account is linked through a provider-verified email", async () => {
    await createTestUser(db!.url, { email: "dana@example.test", password: "dana-password-123", name: "Dana" });
    fake!.github.signInAs({ id: 5002, login: "dana", name: "Dana at GitHub", emails: [{ email: "dana@example.test", primary: true, verified: true }] });
    await continueWith("GitHub");
    await expectDashboardAs("dana@example.test");
    const users = await dbc().user.findMany({ where: { email: "dana@example.test" }, include: { oauthAccounts: true } });
    expect(users).toHaveLength(1);
    expect(users[0]!.name).toBe("Dana");
    expect(users[0]!.oauthAccounts.map((a) => a.providerAccountId)).toEqual(["5002"]);
  });

  it("GitHub: an unverified email matching an existing account is refused, and nothing is linked", async () => {
    await createTestUser(db!.url, { email: "erin@example.test", password: "erin-password-1234", name: "Erin" });
    fake!.github.signInAs({ id: 5003, login: "mallory", name: "Mallory", publicEmail: "erin@example.test", emails: [{ email: "erin@example.test", primary: true, verified: false }] });
    await continueWith("GitHub");
    await expectRefused(/not verified/);
    await shot("github-unverified-refused");
    const erin = await dbc().user.findUniqueOrThrow({ where: { email: "erin@example.test" }, include: { oauthAccounts: true, sessions: true } });
    expect(erin.oauthAccounts).toEqual([]);
    expect(erin.sessions).toEqual([]);
    const refusal = await dbc().auditEvent.findFirstOrThrow({ where: { action: "auth.login_failed", actorUserId: erin.id } });
    expect(refusal.metadata).toMatchObject({ method: "github", reason: "email_unverified" });
  });

  it("GitHub: a disabled user is refused even through an existing link", async () => {
    await dbc().user.update({ where: { email: "octo@example.test" }, data: { disabled: true } });
    fake!.github.signInAs({ id: 5001, login: "octo", name: "Octo Cat", emails: [{ email: "octo@example.test", primary: true, verified: true }] });
    await continueWith("GitHub");
    await expectRefused(/disabled/);
  });

  it("Google: a new person with a verified email gets an account and the dashboard", async () => {
    fake!.google.signInAs({ sub: "g-7001", email: "gina@example.test", email_verified: true, name: "Gina Google" });
    await continueWith("Google");
    await expectDashboardAs("gina@example.test");
    await shot("google-new-user-dashboard");
    const user = await dbc().user.findUniqueOrThrow({ where: { email: "gina@example.test" }, include: { oauthAccounts: true } });
    expect(user.oauthAccounts.map((a) => [a.provider, a.providerAccountId])).toEqual([["google", "g-7001"]]);
    // OpenID Connect with PKCE: discovery, the code exchange and the key set for the ID token.
    expect(fake!.requests).toEqual(expect.arrayContaining(["GET /google/.well-known/openid-configuration", "POST /google/token", "GET /google/jwks"]));
  });

  it("Google: an existing account is linked through email_verified, an unverified one is refused", async () => {
    fake!.google.signInAs({ sub: "g-7002", email: "dana@example.test", email_verified: true, name: "Dana G" });
    await continueWith("Google");
    await expectDashboardAs("dana@example.test");
    const dana = await dbc().user.findUniqueOrThrow({ where: { email: "dana@example.test" }, include: { oauthAccounts: { orderBy: { provider: "asc" } } } });
    expect(dana.oauthAccounts.map((a) => a.provider)).toEqual(["github", "google"]);

    fake!.google.signInAs({ sub: "g-7003", email: "erin@example.test", email_verified: false, name: "Not Erin" });
    await continueWith("Google");
    await expectRefused(/not verified/);
    expect(await dbc().oAuthAccount.count({ where: { providerAccountId: "g-7003" } })).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
