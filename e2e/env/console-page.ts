import type { Page } from "playwright-core";
import type { TestBrowser } from "./browser";

export interface ConsoleCredentials {
  email: string;
  password: string;
}

export interface ConsolePage {
  page: Page;
  /** Uncaught exceptions and React hydration errors seen so far; a flow ends by expecting none. */
  errors: string[];
}

/**
 * Opens a tab that records what a user would not see but a broken page shows: uncaught exceptions,
 * and hydration mismatches, which React reports as console errors rather than exceptions.
 */
export async function openConsolePage(browser: TestBrowser, defaultTimeoutMs = 30_000): Promise<ConsolePage> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error/i.test(message.text())) errors.push(message.text());
  });
  page.setDefaultTimeout(defaultTimeoutMs);
  return { page, errors };
}

/**
 * Signs in through the login form and waits for the dashboard, for flows whose subject comes after
 * the login. It finds the fields by their English labels, so the console must be in English (a
 * browser launched with locale "en", or the language switched earlier in the flow).
 */
export async function signIn(page: Page, baseUrl: string, credentials: ConsoleCredentials): Promise<void> {
  await page.goto(new URL("/login", baseUrl).toString());
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
}
