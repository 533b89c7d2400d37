import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { codeFromMail, linkFromMail, startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";

/**
 * Sign-up in Chromium against `next start` and a real SMTP server: from the
 * login page's link, through the emailed code, to the dashboard signed in;
 * then "forgot password" with the emailed link, which ends that session.
 */
const SHOTS = path.resolve("test-results/browser");
const USER = { name: "Brenda Browser", email: "brenda@kubebyon.test", password: "brenda-browser-password" };

let db: TestDatabase | undefined;
let smtp: TestSmtpServer | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

async function shot(name: string) {
  await page.screenshot({ path: path.join(SHOTS, `register-${name}.png`), fullPage: true });
}

describe("registration in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startTestSmtpServer();
    db = await createTestDatabase("browser_register");
    app = await startAppServer({ databaseUrl: db.url, env: { ...smtp.env, KUBEBYON_RABBITMQ_URL: "" } });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await db?.drop();
  });

  it("registers with the emailed code and lands on the dashboard signed in", async () => {
    if (!app || !smtp) throw new Error("not started");
    await page.goto(new URL("/login", app.url).toString());
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL("**/register");
    await page.getByRole("heading", { level: 1, name: "Create an account" }).waitFor();

    await page.getByLabel("Name").fill(USER.name);
    await page.getByLabel("Email").fill(USER.email);
    await page.getByLabel("Password", { exact: true }).fill(USER.password);
    await page.getByLabel("Repeat password").fill("not-the-same-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("The passwords do not match.").waitFor();
    await page.getByLabel("Repeat password").fill(USER.password);
    await shot("01-details");
    await page.getByRole("button", { name: "Create account" }).click();

    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    // The cooldown shows on the resend button.
    await page.getByRole("button", { name: /Send a new code in \d+ s/ }).waitFor();
    const mail = await smtp.waitForMail(USER.email);
    expect(mail.subject).toBe("Your KubeBYON verification code");
    const code = codeFromMail(mail);
    await shot("02-code");

    // Until the code is entered, the login page refuses the account and says why (in another tab).
    const other = await browser!.context.newPage();
    await other.goto(new URL("/login", app.url).toString());
    await other.getByLabel("Email").fill(USER.email);
    await other.getByLabel("Password").fill(USER.password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.getByRole("alert").filter({ hasText: "Confirm your email address first" }).waitFor();
    expect(new URL(other.url()).pathname).toBe("/login");
    expect(await other.getByRole("link", { name: "Forgot password?" }).count()).toBe(1);
    await other.close();

    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("Verification code").fill(wrong);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "The code is incorrect. 4 attempts left." }).waitFor();

    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { level: 1, name: `Welcome, ${USER.name}` }).waitFor();
    await shot("03-dashboard");
    expect(pageErrors).toEqual([]);
  });

  it("resets the password from the emailed link and ends the open session", async () => {
    if (!app || !smtp) throw new Error("not started");
    const since = smtp.messages.length;
    const other = await browser!.context.newPage();
    // A second tab of the same browser (signed in: /login would redirect); the first stays on the dashboard.
    await other.goto(new URL("/forgot-password", app.url).toString());
    await other.getByLabel("Email").fill(USER.email);
    await other.getByRole("button", { name: "Send reset email" }).click();
    await other.getByRole("status").filter({ hasText: `If an account exists for ${USER.email}` }).waitFor();
    const link = linkFromMail(await smtp.waitForMail(USER.email, { since }), `${app.url}/reset-password?token=`);

    await other.goto(link);
    await other.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await other.getByLabel("New password", { exact: true }).fill("brenda-new-password-2");
    await other.getByLabel("Repeat new password").fill("brenda-new-password-2");
    await other.getByRole("button", { name: "Set new password" }).click();
    await other.getByRole("status").filter({ hasText: "Your password was changed" }).waitFor();
    await other.screenshot({ path: path.join(SHOTS, "register-04-reset-done.png"), fullPage: true });

    // The same link again: refused with the reason.
    await other.goto(link);
    await other.getByLabel("New password", { exact: true }).fill("brenda-third-password-3");
    await other.getByLabel("Repeat new password").fill("brenda-third-password-3");
    await other.getByRole("button", { name: "Set new password" }).click();
    await other.getByRole("alert").filter({ hasText: "This reset link was already used" }).waitFor();
    await other.close();

    // The session opened at registration ended with the reset.
    await page.reload();
    await page.waitForURL("**/login");
    expect(pageErrors).toEqual([]);
  });
});
