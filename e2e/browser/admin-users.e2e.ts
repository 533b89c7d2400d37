import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createTestUser, type TestUser } from "./fixtures/create-test-user";

/**
 * Two real browsers against `next start`: a user is signed in in one; in the
 * other the admin finds them in the back office and disables them. The user's
 * open session ends: their next page load lands on the login page, and signing
 * in again is refused until the admin re-enables the account.
 */
const SHOTS = path.resolve("test-results/browser");
const USER: TestUser = { email: "mallory@kubebyon.test", password: "mallory-password-123", name: "Mallory Member" };

let db: TestDatabase | undefined;
let app: AppServer | undefined;
let adminBrowser: TestBrowser | undefined;
let userBrowser: TestBrowser | undefined;
let admin: { page: Page; errors: string[] };
let user: { page: Page; errors: string[] };

const url = (pathname: string) => new URL(pathname, app!.url).toString();
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `admin-users-${name}.png`), fullPage: true });

describe("admin disables a user in the browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase("browser_admin_users");
    await createTestUser(db.url, USER);
    app = await startAppServer({ databaseUrl: db.url });
    adminBrowser = await launchBrowser({ locale: "en" });
    userBrowser = await launchBrowser({ locale: "en" });
    admin = await openConsolePage(adminBrowser);
    user = await openConsolePage(userBrowser);
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await userBrowser?.close();
    await app?.stop();
    await db?.drop();
  });

  it("the user is signed in and the admin finds them by search", async () => {
    await signIn(user.page, app!.url, USER);
    await signIn(admin.page, app!.url, TEST_ADMIN);
    await admin.page.getByRole("link", { name: "Users" }).click();
    await admin.page.waitForURL("**/admin/users");
    await admin.page.getByLabel("Search email or name").fill("mallory");
    await admin.page.getByRole("button", { name: "Apply" }).click();
    await admin.page.waitForURL("**/admin/users?query=mallory**");
    await shot(admin.page, "01-search");
    await admin.page.getByRole("link", { name: /mallory@kubebyon\.test/ }).click();
    await admin.page.getByRole("heading", { name: USER.email }).waitFor();
    expect(await admin.page.getByTestId("user-sessions").textContent()).toBe("1");
    expect(await admin.page.getByTestId("user-status").textContent()).toBe("Active");
  });

  it("disabling ends the user's open session: their next page load goes to the login page", async () => {
    await admin.page.getByRole("button", { name: "Disable user" }).click();
    const dialog = admin.page.getByTestId("disable-user-dialog");
    await dialog.getByRole("button", { name: "Disable", exact: true }).click();
    await admin.page.getByTestId("user-status").filter({ hasText: "Disabled" }).waitFor();
    expect(await admin.page.getByTestId("user-sessions").textContent()).toBe("0");
    await shot(admin.page, "02-disabled");

    await user.page.goto(url("/clusters"));
    await user.page.waitForURL("**/login**");
    await shot(user.page, "03-user-sent-to-login");
  });

  it("the disabled user cannot sign in again; after re-enabling they can", async () => {
    await user.page.getByLabel("Email").fill(USER.email);
    await user.page.getByLabel("Password").fill(USER.password);
    await user.page.getByRole("button", { name: "Sign in" }).click();
    await user.page.getByRole("alert").filter({ hasText: "This account is disabled" }).waitFor();
    expect(new URL(user.page.url()).pathname).toBe("/login");

    await admin.page.getByRole("button", { name: "Re-enable user" }).click();
    await admin.page.getByTestId("user-status").filter({ hasText: "Active" }).waitFor();

    await signIn(user.page, app!.url, USER);
    expect(new URL(user.page.url()).pathname).toBe("/dashboard");
  });

  it("the admin's activity stream shows the disable and the re-enable", async () => {
    await admin.page.goto(url("/admin/activity?action=admin.user."));
    const table = admin.page.getByRole("table");
    await table.getByText("admin.user.disable").waitFor();
    await table.getByText("admin.user.enable").waitFor();
    await shot(admin.page, "04-activity");
    // A cursor the API refuses (edited by hand, copied from another list) shows the first page with its message.
    await admin.page.goto(url("/admin/activity?action=admin.user.&cursor=not-a-cursor"));
    await admin.page.getByRole("alert").filter({ hasText: "The cursor is not valid. Start again without" }).waitFor();
    await admin.page.getByRole("table").getByText("admin.user.enable").waitFor();
    expect([...admin.errors, ...user.errors]).toEqual([]);
  });
});
