import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createTestUser, type TestUser } from "./fixtures/create-test-user";

/**
 * The profile page in Chromium against `next start`: upload an avatar (a PNG
 * the browser calls photo.jpg) and see it in the header, a refused file,
 * a name change, signing another browser out from the sessions list, and a
 * password change.
 */
const SHOTS = path.resolve("test-results/browser");
const USER: TestUser = { email: "pat@kubebyon.test", password: "pat-profile-password", name: "Pat Profile" };
const PNG = readFileSync(new URL("../fixtures/images/avatar-48x32.png", import.meta.url));

let db: TestDatabase | undefined;
let app: AppServer | undefined;
let mainBrowser: TestBrowser | undefined;
let otherBrowser: TestBrowser | undefined;
let main: { page: Page; errors: string[] };
let other: { page: Page; errors: string[] };

const url = (pathname: string) => new URL(pathname, app!.url).toString();
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `profile-${name}.png`), fullPage: true });

describe("profile page in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase("browser_profile");
    await createTestUser(db.url, USER);
    app = await startAppServer({ databaseUrl: db.url });
    mainBrowser = await launchBrowser({ locale: "en" });
    otherBrowser = await launchBrowser({ locale: "en" });
    main = await openConsolePage(mainBrowser);
    other = await openConsolePage(otherBrowser);
  });

  afterAll(async () => {
    await mainBrowser?.close();
    await otherBrowser?.close();
    await app?.stop();
    await db?.drop();
  });

  it("opens the profile from the header link; the header shows initials before any upload", async () => {
    await signIn(main.page, app!.url, USER);
    expect(await main.page.getByTestId("header-avatar").textContent()).toBe("PP");
    await main.page.getByTestId("header-profile-link").click();
    await main.page.waitForURL("**/profile");
    await main.page.getByRole("heading", { name: "Profile", exact: true }).waitFor();
    await shot(main.page, "01-page");
  });

  it("uploads an avatar and shows it in the header, typed by content", async () => {
    const { page } = main;
    await page.getByTestId("avatar-file").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: PNG });
    await page.getByText("Avatar updated.").waitFor();
    const header = page.locator("img[data-testid=header-avatar]");
    await header.waitFor();
    expect(await header.getAttribute("src")).toMatch(/^\/api\/avatars\/usr_[a-z0-9]+\?v=[0-9a-f]{16}$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("img[data-testid=header-avatar]");
      return Boolean(img?.complete && img.naturalWidth === 48 && img.naturalHeight === 32);
    });
    const served = await page.evaluate(async () => {
      const src = document.querySelector<HTMLImageElement>("img[data-testid=header-avatar]")!.getAttribute("src")!;
      const res = await fetch(src);
      return { status: res.status, type: res.headers.get("content-type"), nosniff: res.headers.get("x-content-type-options"), bytes: (await res.arrayBuffer()).byteLength };
    });
    expect(served).toEqual({ status: 200, type: "image/png", nosniff: "nosniff", bytes: PNG.length });
    await shot(page, "02-avatar");
  });

  it("refuses a text file with the server's message and keeps the avatar", async () => {
    const { page } = main;
    await page.getByTestId("avatar-file").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await page.getByTestId("avatar-error").filter({ hasText: "Only PNG, JPEG and WebP images" }).waitFor();
    expect(await page.locator("img[data-testid=header-avatar]").count()).toBe(1);
    await shot(page, "03-refused");
  });

  it("changes the display name and the header follows", async () => {
    const { page } = main;
    await page.getByLabel("Display name").fill("Patricia Profile");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Profile saved.").waitFor();
    await page.getByTestId("viewer-name").filter({ hasText: "Patricia Profile" }).waitFor();
  });

  it("lists the other browser's session and signs it out", async () => {
    await signIn(other.page, app!.url, USER);
    const { page } = main;
    await page.reload();
    const sessions = page.getByTestId("profile-sessions");
    await sessions.getByText("This browser").waitFor();
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(2);
    await shot(page, "04-sessions");
    await page.getByTestId("revoke-other-sessions").click();
    await page.getByText("1 other session was signed out.").waitFor();
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(1);

    await other.page.goto(url("/profile"));
    await other.page.waitForURL("**/login");
    // The browser that did it stays signed in.
    await page.reload();
    await page.getByRole("heading", { name: "Profile", exact: true }).waitFor();
  });

  it("changes the password with the current one", async () => {
    const { page } = main;
    const form = page.getByTestId("change-password-form");
    await form.getByLabel("Current password").fill(USER.password);
    await form.getByLabel("New password", { exact: true }).fill("pat-new-password-2");
    await form.getByLabel("Repeat new password").fill("pat-new-password-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed.").waitFor();
    await shot(page, "05-password");
    await signIn(other.page, app!.url, { email: USER.email, password: "pat-new-password-2" });
    expect([...main.errors, ...other.errors]).toEqual([]);
  });
});
