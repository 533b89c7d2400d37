import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";

/**
 * An admin enters the SMTP server on the settings page of `next start` (no
 * KUBEBYON_SMTP_* in the environment), sees it in effect with the password
 * masked, and sends a test email that arrives at the real local SMTP server.
 */
const SHOTS = path.resolve("test-results/browser");
const SMTP_PASSWORD = "browser-smtp-password-QRST";

let db: TestDatabase | undefined;
let smtp: TestSmtpServer | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

describe("SMTP settings in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startTestSmtpServer();
    db = await createTestDatabase("browser_smtp_settings");
    app = await startAppServer({ databaseUrl: db.url, env: { KUBEBYON_SMTP_HOST: "", KUBEBYON_RABBITMQ_URL: "" } });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await db?.drop();
  });

  it("saves the server, masks the password, and delivers a test email to the admin", async () => {
    await signIn(page, app!.url, TEST_ADMIN);
    await page.goto(new URL("/admin/settings", app!.url).toString());
    await expect.poll(() => page.getByTestId("smtp-source").textContent()).toContain("Not configured");

    // The local relay has no auth: save the password first to see it masked, then remove it.
    await page.getByLabel("SMTP host").fill("127.0.0.1");
    await page.getByLabel("SMTP port").fill(String(smtp!.port));
    await page.getByLabel("Sender address").fill("Browser Mailer <browser@kubebyon.test>");
    await page.getByLabel("User name").fill("mailer");
    await page.getByLabel("Password", { exact: true }).fill(SMTP_PASSWORD);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByTestId("smtp-source").textContent()).toContain("these settings");
    await expect.poll(() => page.getByTestId("smtp-settings").textContent()).toContain("••••QRST");
    expect(await page.content()).not.toContain(SMTP_PASSWORD);

    await page.getByLabel("User name").fill("");
    await page.getByLabel("Remove the stored SMTP password").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByTestId("smtp-settings").textContent()).not.toContain("••••QRST");

    const since = smtp!.messages.length;
    await page.getByTestId("smtp-test").click();
    await expect.poll(() => page.getByText(`Test email sent to ${TEST_ADMIN.email}.`).count()).toBe(1);
    const mail = await smtp!.waitForMail(TEST_ADMIN.email, { since });
    expect(mail.from).toContain("browser@kubebyon.test");
    await page.screenshot({ path: path.join(SHOTS, "smtp-settings.png"), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
