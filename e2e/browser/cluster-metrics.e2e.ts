import { mkdirSync } from "node:fs";
import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { TEST_ADMIN } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { startClusterApp, type ClusterApp } from "@e2e/env/cluster-app";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import type { NodePortVcluster } from "@e2e/env/node-port-vcluster";

/**
 * The cluster page's "Control plane metrics" card in Chromium against `next start` (single-node
 * mode) on a real host kube-apiserver: a cluster created through the console becomes ready on a
 * stand-in vCluster, the web process's collector scrapes that vCluster's /metrics under load the test
 * generates, the history is read through the real history API (clusters.metrics) and drawn by
 * recharts; the test checks the SVG lines, plausible latest values, the partial-range note and range
 * changes, and keeps screenshots in test-results/browser/cluster-metrics-*.png. Gaps in a line are
 * covered by the unit tests of metrics-rows.ts.
 */
const SHOTS = path.resolve("test-results/browser");

let env: ClusterApp | undefined;
let browser: TestBrowser | undefined;
let vcluster: NodePortVcluster | undefined;
let page: Page;
let pageErrors: string[] = [];
let clusterId = "";

const card = () => page.getByTestId("cluster-metrics");
const chart = (id: string) => card().getByTestId(`metrics-chart-${id}`);
/** Waits until the card shows the answer for a window of `hours` (the previous answer stays up while it loads). */
async function answerFor(hours: number) {
  await page.waitForFunction((ms) => {
    const el = document.querySelector<HTMLElement>('[data-testid="cluster-metrics"][data-state="data"]');
    const span = el ? Date.parse(el.dataset.to ?? "") - Date.parse(el.dataset.from ?? "") : 0;
    return span === ms && !document.querySelector('[data-testid="metrics-refreshing"]');
  }, hours * 3_600_000);
}

/** The card once an answer is on screen (not loading, not failed). */
const cardWithData = () => page.locator('[data-testid="cluster-metrics"][data-state="data"]');

async function shot(name: string) {
  await page.screenshot({ path: path.join(SHOTS, `cluster-metrics-${name}.png`), fullPage: true });
  await card().screenshot({ path: path.join(SHOTS, `cluster-metrics-${name}-card.png`) });
}

/**
 * Load for the collector to measure: LISTs, GETs and 404s against the stand-in vCluster between two of its scrapes,
 * so the request rate and the latency quantiles come from counters that really moved.
 */
async function generateApiLoad(vc: NodePortVcluster["vc"], requests: number): Promise<void> {
  const core = vc.kubeConfig().makeApiClient(CoreV1Api);
  for (let i = 0; i < requests; i++) {
    if (i % 10 === 9) await core.readNamespace({ name: `missing-${i}` }).catch(() => undefined);
    else if (i % 2 === 0) await core.listNamespace();
    else await core.readNamespace({ name: "default" });
  }
}

/** The number in a latest-value cell ("12.5 req/s", "3 ms", "1 node"). */
async function latestNumber(chartId: string, series: string): Promise<number> {
  const text = (await chart(chartId).locator(`tr[data-series="${series}"] [data-testid="metrics-latest-value"]`).textContent()) ?? "";
  const match = /^(\d+(?:\.\d+)?)\s/.exec(text.replace(/,/g, ""));
  if (!match) throw new Error(`latest ${series} is not a figure: ${JSON.stringify(text)}`);
  return Number(match[1]);
}

describe("control plane metrics on the cluster page in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The collector of the single-node web process scrapes every 5 s, so two scrapes (a rate needs two) take seconds.
    env = await startClusterApp({ label: "browser_cluster_metrics", env: { KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS: "5", KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: "4" } });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await vcluster?.close();
    await browser?.close();
    await env?.close();
  });

  it("creates a cluster that becomes ready; the metrics card says no samples yet", async () => {
    if (!env) throw new Error("environment not started");
    await signIn(page, env.app.url, TEST_ADMIN);
    await page.goto(new URL("/clusters", env.app.url).toString());
    await page.getByRole("button", { name: "Create cluster" }).click();
    const dialog = page.getByRole("dialog", { name: "Create cluster" });
    await dialog.getByLabel("Name", { exact: true }).fill("metrics-demo");
    await dialog.getByLabel("Access mode").selectOption("nodeport");
    await dialog.getByLabel("Control plane host").fill("127.0.0.1");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/clusters\/cl_[0-9a-z]+$/);
    clusterId = new URL(page.url()).pathname.split("/").pop() ?? "";
    vcluster = await env.playVcluster(clusterId);
    await page.locator('[data-testid="cluster-status"][data-status="ready"]').waitFor({ timeout: 90_000 });
    await cardWithData().waitFor();
    const empty = card().getByTestId("metrics-empty");
    // A real collector may already have scraped once by now; either way the card must not fail.
    if (await empty.isVisible()) expect(await empty.textContent()).toMatch(/No samples yet — the collector scrapes every \d+ s once the cluster is ready\./);
    await shot("01-ready");
  }, 240_000);

  it("draws what the collector scraped from the vCluster: lines, units, plausible latest values, and the note that the range starts before the first sample", async () => {
    if (!env || !vcluster) throw new Error("environment not started");
    const played = vcluster;
    // Load across several scrape intervals, then wait until the card shows a measured request rate and every chart
    // below has a line: a line needs two measured points (the first scrape of a cluster has gauges only, rates come
    // from the second), and a single point draws no segment.
    await generateApiLoad(played.vc, 300);
    await expect
      .poll(
        async () => {
          await generateApiLoad(played.vc, 30);
          await page.reload();
          await cardWithData().waitFor();
          const latestRate = await chart("requests").locator('tr[data-series="api_request_rate"] [data-testid="metrics-latest-value"]').textContent();
          if (!/^\d/.test(latestRate ?? "")) return "no measured request rate yet";
          for (const id of ["requests", "latency", "inflight", "nodes", "probeLatency"]) {
            if ((await chart(id).locator("svg path.recharts-line-curve").count()) === 0) return `no line on ${id} yet`;
          }
          return "drawn";
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe("drawn");

    // Stored objects are left out: an apiserver counts them about once a minute and reports 0 (skipped) before that.
    for (const id of ["requests", "latency", "inflight", "nodes", "probeLatency"]) {
      expect(await chart(id).getAttribute("data-has-data"), id).toBe("true");
      expect(await chart(id).locator("svg path.recharts-line-curve").count(), id).toBeGreaterThan(0);
    }
    expect(await chart("requests").locator("svg path.recharts-line-curve").count()).toBe(2);
    expect(await chart("latency").locator("svg path.recharts-line-curve").count()).toBe(2);
    expect(await chart("nodes").locator("svg path.recharts-line-curve").count()).toBe(2);
    // Units on the value axis; figures a real apiserver under this load gives.
    expect(await chart("requests").locator("svg .recharts-label").first().textContent()).toBe("req/s");
    expect(await chart("nodes").locator("svg .recharts-label").first().textContent()).toBe("nodes");
    expect(await latestNumber("requests", "api_request_rate")).toBeGreaterThan(0);
    const p50 = await latestNumber("latency", "api_latency_p50_ms");
    const p99 = await latestNumber("latency", "api_latency_p99_ms");
    expect(p50).toBeGreaterThan(0);
    expect(p99).toBeGreaterThanOrEqual(p50);
    // No machine joined this cluster.
    expect(await chart("nodes").locator('tr[data-series="node_count"] [data-testid="metrics-latest-value"]').textContent()).toBe("0 nodes");
    expect(await latestNumber("probeLatency", "probe_latency_ms")).toBeGreaterThan(0);
    if ((await chart("storedObjects").getAttribute("data-has-data")) === "true") expect(await chart("storedObjects").locator("tr[data-series]").count()).toBeGreaterThan(0);
    // Accessible names and the notes that make partial data honest: the cluster is minutes old.
    expect(await chart("requests").locator("svg").first().getAttribute("aria-label")).toBe("API requests, Last hour, in req/s");
    expect(await card().getByTestId("metrics-resolution").getAttribute("data-resolution")).toBe("raw");
    expect(await card().getByTestId("metrics-partial").textContent()).toContain("This range starts before the first sample");
    await shot("02-last-hour");
  }, 240_000);

  it("refetches for other ranges and keeps the page free of errors", async () => {
    await card().getByTestId("metrics-range").selectOption("24h");
    await answerFor(24);
    // "The last 24 hours" is answered from the raw rows (the API reads raw up to one 5-minute bucket past the raw
    // retention), so a cluster younger than its first rollup still shows its samples.
    expect(await chart("requests").getAttribute("data-has-data")).toBe("true");
    expect(await card().getByTestId("metrics-resolution").getAttribute("data-resolution")).toBe("raw");
    await shot("03-last-24-hours");

    await card().getByTestId("metrics-range").selectOption("6h");
    await answerFor(6);
    expect(await chart("requests").getAttribute("data-has-data")).toBe("true");
    expect(await card().getByTestId("metrics-resolution").getAttribute("data-resolution")).toBe("raw");
    expect(await card().getByTestId("metrics-partial").textContent()).toContain("first sample");
    await shot("04-last-6-hours");
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it("shows the Policy enforcement card honestly when the deployment has the admission webhook off", async () => {
    // The web process's sync pass (job processing in-process) marks the cluster disabled with the reason.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("admission-webhook-status").getAttribute("data-status");
      }, { timeout: 30_000, interval: 1_000 })
      .toBe("disabled");
    expect(await page.getByTestId("admission-webhook-message").textContent()).toContain("The admission webhook is off in this deployment (KUBEBYON_ADMISSION_WEBHOOK_ENABLED)");
    await page.getByTestId("cluster-admission-webhook").screenshot({ path: path.join(SHOTS, "cluster-metrics-05-policy-enforcement-off.png") });
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
