import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@e2e/env/fake-oauth-provider";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createPrismaClient, type Db } from "@/server/infra/db/client";

/**
 * OAuth apps entered in the admin's system settings, in Chromium against `next start` and the local
 * fake provider: GitHub has no environment variables, so its button appears on /login only after an
 * admin saves its client id and secret, and then a sign-in completes with those credentials (the fake
 * checks them at its token endpoint). Google is configured by the environment and a wrong secret saved
 * in settings changes nothing: the environment wins, and the page says so.
 */
const SHOTS = path.resolve("test-results/browser");

let db: TestDatabase | undefined;
let prisma: Db | undefined;
let fake: FakeOAuthProvider | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

const loginUrl = () => new URL("/login", app!.url).toString();

describe("OAuth apps from system settings in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeOAuthProvider();
    db = await createTestDatabase("browser_oauth_settings");
    prisma = createPrismaClient(db.url);
    // GitHub's endpoints point at the fake, but its client id/secret are left out of the environment.
    const env = { ...fake.appEnv(), KUBEBYON_GITHUB_CLIENT_ID: "", KUBEBYON_GITHUB_CLIENT_SECRET: "", KUBEBYON_RABBITMQ_URL: "" };
    app = await startAppServer({ databaseUrl: db.url, env });
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

  it("shows only the environment's provider before anything is saved", async () => {
    await page.goto(loginUrl());
    await expect.poll(() => page.getByRole("button", { name: "Continue with Google" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Continue with GitHub" }).count()).toBe(0);
  });

  it("an admin saves the apps; the page shows which source is in effect and never the secrets", async () => {
    await signIn(page, app!.url, TEST_ADMIN);
    await page.goto(new URL("/admin/settings", app!.url).toString());
    await expect.poll(() => page.getByTestId("oauth-source-github").textContent()).toContain("Not configured");
    expect(await page.getByTestId("oauth-source-google").textContent()).toContain("environment variables");

    await page.getByLabel("GitHub client ID").fill(fake!.github.clientId);
    await page.getByLabel("GitHub client secret").fill(fake!.github.clientSecret);
    await page.getByLabel("Google client ID").fill("settings-google-client");
    await page.getByLabel("Google client secret").fill("wrong-google-secret-WXYZ");
    await page.getByRole("button", { name: "Save settings" }).click();

    await expect.poll(() => page.getByTestId("oauth-source-github").textContent()).toContain("these settings");
    expect(await page.getByTestId("oauth-source-google").textContent()).toContain("environment variables");
    await expect.poll(() => page.getByTestId("oauth-app-google").textContent()).toContain("••••WXYZ");
    const html = await page.content();
    expect(html).not.toContain(fake!.github.clientSecret);
    expect(html).not.toContain("wrong-google-secret-WXYZ");
    await page.screenshot({ path: path.join(SHOTS, "oauth-settings-saved.png"), fullPage: true });
  });

  it("GitHub configured only in settings: its button appears and sign-in completes", async () => {
    await browser!.context.clearCookies();
    fake!.github.signInAs({ id: 7001, login: "setty", name: "Set Tings", emails: [{ email: "setty@example.test", primary: true, verified: true }] });
    await page.goto(loginUrl());
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL("**/dashboard");
    const me = await page.evaluate(async () => (await fetch("/api/console/me")).json() as Promise<{ email?: string }>);
    expect(me.email).toBe("setty@example.test");
    expect(fake!.requests).toContain("POST /github/login/oauth/access_token");
    const user = await prisma!.user.findUniqueOrThrow({ where: { email: "setty@example.test" }, include: { oauthAccounts: true } });
    expect(user.oauthAccounts.map((a) => a.provider)).toEqual(["github"]);
  });

  it("Google still signs in with the environment's credentials, not the wrong ones saved in settings", async () => {
    await browser!.context.clearCookies();
    fake!.google.signInAs({ sub: "g-7002", email: "gina@example.test", email_verified: true, name: "Gina" });
    await page.goto(loginUrl());
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL("**/dashboard");
    const me = await page.evaluate(async () => (await fetch("/api/console/me")).json() as Promise<{ email?: string }>);
    expect(me.email).toBe("gina@example.test");
    expect(pageErrors).toEqual([]);
  });
});
