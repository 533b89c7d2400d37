import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createTestUser, type TestUser } from "./fixtures/create-test-user";

const SHOTS = path.resolve("test-results/browser");
// ensureFirstAdmin names the bootstrap account this way.
const ADMIN_NAME = "Administrator";
const REGULAR_USER: TestUser = { email: "dev@kubebyon.test", password: "regular-user-password-1", name: "Dana Developer" };

let db: TestDatabase | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

async function shot(name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

function appUrl(pathname: string): string {
  if (!app) throw new Error("app server not started");
  return new URL(pathname, app.url).toString();
}

async function htmlHasDark(): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains("dark"));
}

describe("console in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const existing = process.env.KUBEBYON_E2E_APP_URL;
    if (existing) {
      // Debugging aid: drive an already running server (e.g. `next dev`) with the admin from TEST_ADMIN.
      app = { url: existing, logFile: "(external)", stop: async () => {} };
    } else {
      db = await createTestDatabase("browser_login");
      app = await startAppServer({ databaseUrl: db.url });
    }
    // zh-CN browser: the console must start in Chinese without any cookie.
    browser = await launchBrowser({ locale: "zh-CN", colorScheme: "light" });
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it("sends a signed-out visitor from /dashboard to /login", async () => {
    await page.goto(appUrl("/dashboard"));
    await page.waitForURL("**/login");
    await expect(page.getByRole("heading", { name: "登录" }).isVisible()).resolves.toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");
    // The console shell must not wrap the login page.
    expect(await page.getByRole("navigation").count()).toBe(0);
    await shot("01-login");
  });

  it("shows a translated error for a wrong password", async () => {
    await page.getByLabel("邮箱").fill(TEST_ADMIN.email);
    await page.getByLabel("密码").fill("definitely-not-the-password");
    await page.getByRole("button", { name: "登录" }).click();
    // Next's route announcer is also role=alert, so match ours by its text.
    await page.getByRole("alert").filter({ hasText: "邮箱或密码不正确" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await shot("02-login-wrong-password");
  });

  it("logs the admin in and lands on the dashboard with the admin navigation", async () => {
    await page.getByLabel("密码").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByTestId("viewer-name").textContent()).resolves.toBe(ADMIN_NAME);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`欢迎，${ADMIN_NAME}`);
    await expect(page.getByTestId("viewer-role").textContent()).resolves.toBe("管理员");
    await expect(page.getByTestId("nav-section-admin").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("navigation").getByRole("link", { name: "总览", exact: true }).isVisible()).resolves.toBe(true);
    await shot("03-dashboard-zh");
  });

  it("switches the language to English and keeps it across reloads", async () => {
    await page.getByTestId("locale-switch").selectOption("en");
    await page.getByRole("heading", { level: 1, name: `Welcome, ${ADMIN_NAME}` }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect(page.getByRole("link", { name: "API keys" }).first().isVisible()).resolves.toBe(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: `Welcome, ${ADMIN_NAME}` }).waitFor();
    await shot("04-dashboard-en");
  });

  it("toggles the dark theme and renders it on the server after a reload", async () => {
    expect(await htmlHasDark()).toBe(false);
    await page.getByTestId("theme-switch").selectOption("dark");
    expect(await htmlHasDark()).toBe(true);
    // The server must send class="dark" itself, otherwise the page flashes light first.
    const html = await (await page.request.get(appUrl("/dashboard"))).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.reload();
    expect(await htmlHasDark()).toBe(true);
    await shot("05-dashboard-dark");
  });

  it("follows the OS colour scheme when the theme is 'system'", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByTestId("theme-switch").selectOption("system");
    expect(await htmlHasDark()).toBe(true);
    // Server HTML has no class for "system"; the inline boot script must add it before paint.
    await page.reload();
    expect(await htmlHasDark()).toBe(true);
    // The live listener exists once React has hydrated (the switch is enabled from then on).
    await page.waitForFunction(() => !document.querySelector("[data-testid=theme-switch]")?.hasAttribute("disabled"));
    // ...and follow a live OS switch without a reload (the media-query listener fires asynchronously).
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    await page.getByTestId("theme-switch").selectOption("dark");
    expect(await htmlHasDark()).toBe(true);
  });

  it("opens the create dialog accessibly: labelled, Esc closes, focus returns", async () => {
    await page.getByRole("navigation").getByRole("link", { name: "API keys" }).click();
    await page.waitForURL("**/api-keys");
    await page.getByText("You have no API keys yet.").waitFor();
    const createButton = page.getByRole("button", { name: "Create API key" });
    await createButton.click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    // showModal() focuses the first field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await createButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("creates an API key and shows its secret exactly once", async () => {
    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog.getByText("Enter a name for the key.").isVisible()).resolves.toBe(true);
    await dialog.getByLabel("Name").fill("browser test key");
    await dialog.getByLabel(/Expires after/).fill("30");
    // Re-authentication: a wrong current password is refused with the server's message and the field is cleared.
    await dialog.getByLabel("Current password").fill("not-the-admin-password");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await dialog.getByText("The current password is incorrect. Enter the password you sign in with.", { exact: true }).waitFor();
    expect(await dialog.getByLabel("Current password").inputValue()).toBe("");
    await dialog.getByLabel("Current password").fill(TEST_ADMIN.password);
    await dialog.getByRole("button", { name: "Create key" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
    await secretDialog.waitFor();
    await expect(secretDialog.getByText("It will not be shown again").isVisible()).resolves.toBe(true);
    const secret = await page.getByTestId("api-key-secret").inputValue();
    expect(secret).toMatch(/^kbk_\w+_\w{20,}$/);
    await expect(page.getByTestId("toast-region").textContent()).resolves.toContain("API key “browser test key” created.");
    await secretDialog.getByRole("button", { name: "Copy", exact: true }).click();
    await secretDialog.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot("06-api-key-secret");

    await secretDialog.getByRole("button", { name: "I have copied the key" }).click();
    await secretDialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row", { name: /browser test key/ });
    await expect(row.getByText("Active").isVisible()).resolves.toBe(true);
    const prefix = secret.split("_").slice(0, 2).join("_");
    await expect(row.getByText(prefix).isVisible()).resolves.toBe(true);
    // Gone for good: neither the DOM nor a reload shows the secret again.
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByRole("row", { name: /browser test key/ }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await shot("07-api-keys-list");
  });

  it("revokes the key after confirmation", async () => {
    await page.getByRole("button", { name: "Revoke API key browser test key" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke API key?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row", { name: /browser test key/ });
    await row.getByText("Revoked").waitFor();
    expect(await row.getByRole("button", { name: /Revoke/ }).count()).toBe(0);
    await expect(page.getByTestId("toast-region").textContent()).resolves.toContain("API key “browser test key” revoked.");
    await shot("08-api-key-revoked");
  });

  it("shows real platform counts on the admin overview", async () => {
    await page.getByRole("navigation").getByRole("link", { name: "Overview", exact: true }).click();
    await page.waitForURL("**/admin");
    const users = page.getByTestId("admin-users");
    await users.waitFor();
    // One account exists at this point: the first admin created at start-up.
    expect((await users.innerText()).replace(/\s+/g, " ")).toBe("Accounts 1 Administrators 1 Disabled 0");
    await page.getByText("No job is waiting.").waitFor();
    // Headline figures: nodes across live clusters and the job backlog (none of either on a fresh platform).
    expect(await page.getByTestId("admin-figure-nodes-ready-value").innerText()).toBe("0 of 0");
    expect(await page.getByTestId("admin-figure-nodes-not-ready").getAttribute("data-attention")).toBe("false");
    expect(await page.getByTestId("admin-figure-job-backlog-value").innerText()).toBe("0");
    expect((await page.getByTestId("admin-nodes").innerText()).replace(/\s+/g, " ")).toBe("Ready 0 Not ready 0 Unknown 0");
    await shot("09a-admin-overview");
    await page.getByRole("navigation").getByRole("link", { name: "Job queue" }).click();
    await page.waitForURL("**/admin/cluster-jobs");
    await page.getByText("No jobs match this filter.").waitFor();
    expect(await page.getByTestId("job-summary").innerText()).toContain("Pending: 0");
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL("**/admin/cluster-jobs?status=failed");
    await shot("09b-admin-job-queue");
  });

  it("logs out, and the session no longer opens the console", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.goto(appUrl("/dashboard"));
    await page.waitForURL("**/login");
    await shot("09-logged-out");
  });

  it("gives a regular user no admin navigation and a 404 for /admin", async () => {
    if (!db) return; // needs direct database access, which an external server (KUBEBYON_E2E_APP_URL) does not give
    await createTestUser(db.url, REGULAR_USER);
    await signIn(page, appUrl("/"), REGULAR_USER);
    await expect(page.getByTestId("viewer-name").textContent()).resolves.toBe(REGULAR_USER.name);
    await expect(page.getByTestId("viewer-role").textContent()).resolves.toBe("User");
    expect(await page.getByTestId("nav-section-admin").count()).toBe(0);
    expect(await page.getByRole("link", { name: /admin/i }).count()).toBe(0);
    const response = await page.goto(appUrl("/admin"));
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await shot("10-regular-user-admin-404");
  });

  it("signs out everywhere from the dashboard, ending the session at once", async () => {
    if (!db) return; // continues the regular user's session from the previous test
    await page.goto(appUrl("/dashboard"));
    await page.getByTestId("sign-out-everywhere").click();
    const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL("**/login");
    await page.goto(appUrl("/dashboard"));
    await page.waitForURL("**/login");
    await shot("11-signed-out-everywhere");
  });

  it("raised no uncaught exceptions or hydration errors along the way", () => {
    expect(pageErrors).toEqual([]);
  });
});
