import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";

/**
 * `next start` with no host cluster at all (no KUBEBYON_KUBECONFIG_PATH, no
 * KUBECONFIG, not in a pod): the cluster list says so with the fix, in English
 * and Chinese, and a create is refused with the server's 503 message instead of
 * queueing a job that could only fail.
 */
const SHOTS = path.resolve("test-results/browser");

let db: TestDatabase | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

describe("cluster list without a host cluster", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase("browser_no_host");
    app = await startAppServer({ databaseUrl: db.url, env: { KUBEBYON_KUBECONFIG_PATH: "", KUBECONFIG: "", KUBEBYON_RABBITMQ_URL: "" } });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it("shows the notice with the fix", async () => {
    if (!app) throw new Error("app server not started");
    await signIn(page, app.url, TEST_ADMIN);
    await page.goto(`${app.url}/clusters`);
    const notice = page.getByTestId("no-host-cluster");
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Clusters cannot be created yet: this platform has no host Kubernetes cluster\. Fix: set KUBEBYON_KUBECONFIG_PATH/);
    expect(await notice.textContent()).toMatch(/Server says: no host Kubernetes cluster is configured/);
    await page.screenshot({ path: path.join(SHOTS, "clusters-no-host-01-notice.png"), fullPage: true });
  });

  it("refuses a create with the server's message and stays on the list", async () => {
    await page.getByRole("button", { name: "Create cluster" }).click();
    const dialog = page.getByRole("dialog", { name: "Create cluster" });
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill("no host");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    const error = dialog.getByTestId("create-cluster-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Clusters cannot be created on this platform yet: .*KUBEBYON_KUBECONFIG_PATH/);
    expect(new URL(page.url()).pathname).toBe("/clusters");
    await page.screenshot({ path: path.join(SHOTS, "clusters-no-host-02-refused.png"), fullPage: true });
  });

  it("shows the administrator the platform health, each check with its status and next step", async () => {
    if (!app) throw new Error("app server not started");
    await page.goto(`${app.url}/admin/platform-health`);
    await page.getByRole("heading", { level: 1, name: "Platform health" }).waitFor();
    expect(await page.getByTestId("platform-health-overall").getAttribute("data-status")).toBe("error");
    expect(await page.getByTestId("health-host_apiserver").getAttribute("data-status")).toBe("error");
    expect(await page.getByTestId("health-rabbitmq").getAttribute("data-status")).toBe("skipped");
    const row = page.getByRole("row").filter({ hasText: "Host apiserver" });
    expect(await row.textContent()).toContain("KUBEBYON_KUBECONFIG_PATH");
    // Single-node: the web process runs the background work itself and its heartbeat lists every task.
    const processes = page.getByTestId("platform-health-processes");
    expect(await processes.locator("[data-state='beating']").count()).toBe(1);
    expect(await processes.getByText("process-heartbeat", { exact: true }).count()).toBe(1);
    expect(await processes.getByText("node-observer-rescan", { exact: true }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, "clusters-no-host-03-platform-health.png"), fullPage: true });
    await page.goto(`${app.url}/clusters`);
  });

  it("shows the notice in Chinese too", async () => {
    await page.getByTestId("no-host-cluster").waitFor();
    await page.getByTestId("locale-switch").selectOption("zh-CN");
    const notice = page.getByTestId("no-host-cluster");
    await notice.filter({ hasText: "暂时无法创建集群" }).waitFor();
    expect(await notice.textContent()).toContain("KUBEBYON_KUBECONFIG_PATH");
    expect(pageErrors).toEqual([]);
  });
});
