import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { downHostKubeconfig } from "@e2e/env/down-host-kubeconfig";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";

/**
 * The cluster pages in Chromium against `next start` with a host cluster that
 * is configured but down: the create job runs in-process and fails honestly at
 * its first step (no answer, so it is retried), which is what the timeline must
 * show. A platform with no host at all refuses the create: clusters-no-host.e2e.ts.
 */
const SHOTS = path.resolve("test-results/browser");

let db: TestDatabase | undefined;
let app: AppServer | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let pageErrors: string[] = [];

async function shot(name: string) {
  await page.screenshot({ path: path.join(SHOTS, `clusters-${name}.png`), fullPage: true });
}

describe("cluster pages in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase("browser_clusters");
    app = await startAppServer({
      databaseUrl: db.url,
      // A host cluster that does not answer and no RabbitMQ: jobs run in the web process and cannot reach Kubernetes.
      env: { KUBEBYON_KUBECONFIG_PATH: downHostKubeconfig(), KUBECONFIG: "", KUBEBYON_RABBITMQ_URL: "" },
    });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it("logs in and shows the empty cluster list from the navigation", async () => {
    if (!app) throw new Error("app server not started");
    await signIn(page, app.url, TEST_ADMIN);
    await page.getByRole("navigation").getByRole("link", { name: "Clusters" }).click();
    await page.waitForURL("**/clusters");
    await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
    await page.getByText("No clusters yet.", { exact: false }).waitFor();
    // A host is configured (it is merely down), so no "no host cluster" notice.
    expect(await page.getByTestId("no-host-cluster").count()).toBe(0);
    await shot("01-empty");
  });

  it("shows the server's message when loadbalancer mode has no control plane host", async () => {
    await page.getByRole("button", { name: "Create cluster" }).click();
    const dialog = page.getByRole("dialog", { name: "Create cluster" });
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill("browser demo");
    await dialog.getByLabel("Access mode").selectOption("loadbalancer");
    await dialog.getByText("A load balancer address on :443", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    const error = dialog.getByTestId("create-cluster-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/control_plane_host/);
    expect(new URL(page.url()).pathname).toBe("/clusters");
    await shot("02-loadbalancer-needs-host");
  });

  it("creates a nodeport cluster and lands on its detail page with the timeline", async () => {
    const dialog = page.getByRole("dialog", { name: "Create cluster" });
    await dialog.getByLabel("Access mode").selectOption("nodeport");
    await dialog.getByText("debugging or temporary access", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/clusters\/cl_[0-9a-z]+$/);
    await page.getByRole("heading", { level: 1, name: "browser demo" }).waitFor();
    const status = page.getByTestId("cluster-status");
    // The job may already have failed its first attempt, but the cluster stays provisioning while it retries.
    expect(await status.getAttribute("data-status")).toBe("provisioning");
    expect(await status.textContent()).toBe("Provisioning");
    const steps = page.getByTestId("operation-step");
    await steps.first().waitFor();
    expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute("data-step")))).toEqual([
      "ensure_namespace",
      "apply_quota",
      "copy_platform_secret",
      "helm_install",
      "wait_control_plane",
      "resolve_endpoint",
      "probe_connection",
      "managed_ingress",
    ]);
    await shot("03-detail-provisioning");
  });

  it("shows the first step failing because the host cluster does not answer", async () => {
    const failed = page.locator('[data-testid="operation-step"][data-step="ensure_namespace"][data-status="failed"]');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.textContent()).toContain("ECONNREFUSED");
    expect(await failed.textContent()).toContain("Failed");
    await shot("04-timeline-failed-step");
  });

  it("explains in the join and nodes sections that the cluster is not ready", async () => {
    const join = page.getByTestId("cluster-join");
    await join.getByTestId("join-ttl").selectOption("1h");
    await join.getByRole("button", { name: "Create join token" }).click();
    const notice = join.getByTestId("join-unavailable");
    await notice.waitFor();
    expect(await notice.getAttribute("data-not-ready")).toBe("true");
    expect(await notice.textContent()).toMatch(/^Joining is not available: .*provisioning/i);
    expect(await join.getByTestId("join-command-box").count()).toBe(0);
    const nodes = page.getByTestId("nodes-unavailable");
    await nodes.waitFor();
    expect(await nodes.getAttribute("data-not-ready")).toBe("true");
    await shot("05-join-not-ready");
  });

  it("deletes the cluster after confirmation", async () => {
    await page.getByRole("button", { name: "Delete cluster" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete cluster" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.locator('[data-testid="cluster-status"][data-status="deleting"]').waitFor();
    expect(await page.getByTestId("cluster-status").textContent()).toBe("Deleting");
    expect(await page.getByRole("button", { name: "Delete cluster" }).count()).toBe(0);
    await page.locator('[data-testid="cluster-operation"][data-kind="delete"]').waitFor();
    await shot("06-deleting");
    expect(pageErrors).toEqual([]);
  });
});
