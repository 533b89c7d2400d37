import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createPrismaClient } from "@/server/infra/db/client";
import { createTestUser, type TestUser } from "./fixtures/create-test-user";

/**
 * Plans and orders in Chromium against `next start`: the admin creates a plan
 * in the dialog, orders it for a user and marks the order paid; the user then
 * sees the plan, where it comes from and the cluster quota on the dashboard
 * card and the Plan page, and the order in their list.
 */
const SHOTS = path.resolve("test-results/browser");
const USER: TestUser = { email: "buyer@kubebyon.test", password: "buyer-password-12345", name: "Bea Buyer" };

let db: TestDatabase | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];
let userId: string;

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `billing-${name}.png`), fullPage: true });

describe("plans and orders in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase("browser_billing");
    app = await startAppServer({ databaseUrl: db.url });
    await createTestUser(db.url, USER);
    const prisma = createPrismaClient(db.url);
    userId = (await prisma.user.findUniqueOrThrow({ where: { email: USER.email } })).id;
    await prisma.$disconnect();
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it("admin creates a plan in the dialog; the server's validation message is shown", async () => {
    if (!app) throw new Error("app server not started");
    await signIn(page, app.url, TEST_ADMIN);
    await page.getByRole("navigation").getByRole("link", { name: "Plans" }).click();
    await page.waitForURL("**/admin/plans");
    await page.getByRole("button", { name: "New plan" }).click();
    const dialog = page.getByRole("dialog", { name: "New plan" });
    await dialog.getByLabel("Code").fill("team");
    await dialog.getByLabel("Name").fill("Team");
    await dialog.getByLabel("Price per month").fill("29.90");
    await dialog.getByLabel("Clusters").fill("3");
    await dialog.getByLabel("Nodes per cluster").fill("4");
    await dialog.getByLabel("CPU quota").fill("8");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText(/Set cpu_quota and memory_quota together/).waitFor();
    // The control plane starts at the vcluster chart's defaults, and a quota that cannot admit it is refused with the numbers.
    expect(await dialog.getByLabel("Memory limit").inputValue()).toBe("4Gi");
    expect(await dialog.getByLabel("Data volume size").inputValue()).toBe("5Gi");
    await dialog.getByLabel("Memory quota").fill("2Gi");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("memory_quota 2Gi is below the control plane's memory limit 4Gi: raise memory_quota or lower control_plane_memory_limit.").waitFor();
    await dialog.getByLabel("Memory quota").fill("16Gi");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: "team" });
    await row.getByText("$29.90").waitFor();
    expect(await row.getByText("8 CPU · 16Gi").count()).toBe(1);
    await shot("01-admin-plans");
  });

  it("admin orders the plan for the user and marks it paid", async () => {
    await page.getByRole("navigation").getByRole("link", { name: "Orders" }).click();
    await page.waitForURL("**/admin/orders");
    await page.getByRole("button", { name: "New order" }).click();
    const dialog = page.getByRole("dialog", { name: "New order" });
    await dialog.getByLabel("User ID").fill(userId);
    await dialog.getByLabel("Plan").selectOption({ label: "Team (team)" });
    await dialog.getByLabel("Months").fill("2");
    await dialog.getByRole("button", { name: "Create order" }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: USER.email });
    await row.getByText("Pending").waitFor();
    expect(await row.getByText("$59.80").count()).toBe(1);
    await row.getByRole("button", { name: `Mark the Team order of ${USER.email} paid` }).click();
    await row.getByText("In force").waitFor();
    expect(await row.getByText("Paid").count()).toBe(1);
    await shot("02-admin-orders");
  });

  it("the user sees the plan on the dashboard and the Plan page, with their order", async () => {
    if (!app) throw new Error("app server not started");
    await page.context().clearCookies();
    await signIn(page, app.url, USER);
    const card = page.getByTestId("plan-usage-card");
    expect(await card.getByTestId("current-plan-name").textContent()).toBe("Team");
    expect(await card.getByTestId("plan-clusters-usage").textContent()).toBe("0 of 3");
    await card.getByRole("link", { name: "Plan & usage" }).click();
    await page.waitForURL("**/plan");
    await page.getByText(/^Paid until /).waitFor();
    const order = page.getByRole("row").filter({ hasText: "Team" });
    expect(await order.getByText("In force").count()).toBe(1);
    // Admin pages are not there for a normal user.
    expect(await page.getByRole("navigation").getByRole("link", { name: "Orders" }).count()).toBe(0);
    await shot("03-user-plan");
    expect(pageErrors).toEqual([]);
  });
});
