import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { TEST_ADMIN } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { startClusterApp, type ClusterApp } from "@e2e/env/cluster-app";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import type { NodePortVcluster } from "@e2e/env/node-port-vcluster";
import type { Db } from "@/server/infra/db/client";

/**
 * The cluster page's "Control plane metrics" card in Chromium against `next start` (single-node
 * mode) on a real host kube-apiserver: a cluster created through the console becomes ready on a
 * stand-in vCluster, its history is read through the real history API (clusters.metrics)
 * and drawn by recharts; the test checks the SVG lines, the latest values, the partial-range note
 * and a range change, and keeps screenshots in test-results/browser/cluster-metrics-*.png.
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
 * THE DATA STEP (one function on purpose): writes 40 minutes of raw samples ending a minute ago, one
 * every 30 s, with a 5-minute hole (no rows) in the middle, so the last hour starts before the first
 * sample and the lines have a gap. Values are fixed so the latest-value table is predictable.
 * Written against the reshaped table of branch h14-metrics (primary key cluster_id, resolution,
 * sampled_at). After the merge the lead replaces this with a real collection run of the collector
 * against the stand-in vCluster (and the value checks below with plausibility checks).
 */
async function writeMetricSamples(db: Db, cluster: string, now: Date): Promise<{ first: Date; last: Date }> {
  const stepMs = 30_000;
  const end = Math.floor(now.getTime() / stepMs) * stepMs - 60_000;
  const start = end - 40 * 60_000;
  const holeFrom = start + 15 * 60_000;
  const holeTo = holeFrom + 5 * 60_000;
  for (let t = start, i = 0; t <= end; t += stepMs, i++) {
    if (t >= holeFrom && t < holeTo) continue;
    // The last two minutes hold steady, so whatever bucket width the API picks for the hour, the newest point is exact.
    const latest = t > end - 120_000;
    const wave = Math.sin(i / 6);
    const stored = JSON.stringify({ pods: 40 + (i % 5), secrets: 25, configmaps: 18, serviceaccounts: 12, events: 30 + (i % 7), leases: 6, endpointslices: 4 });
    await db.$executeRaw`
      INSERT INTO control_plane_metric_samples
        (cluster_id, resolution, sampled_at, sample_count, api_request_rate, api_error_rate, api_latency_p50_ms, api_latency_p99_ms,
         api_inflight_requests, stored_objects, node_count, ready_node_count, probe_latency_ms)
      VALUES (${cluster}, 'raw', ${new Date(t)}, 1, ${latest ? 12.5 : 10 + 3 * wave}, ${latest ? 0.25 : Math.max(0, 0.2 * wave)},
        ${4 + wave}, ${latest ? 48 : 40 + 10 * wave}, ${2 + (i % 3)}, ${stored}::jsonb, ${2}, ${latest ? 1 : 2}, ${latest ? 7 : 6 + wave})
      ON CONFLICT DO NOTHING`;
  }
  return { first: new Date(start), last: new Date(end) };
}

describe("control plane metrics on the cluster page in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    env = await startClusterApp({ label: "browser_cluster_metrics" });
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

  it("draws the history: lines with a gap, units, latest values, and the note that the range starts before the first sample", async () => {
    if (!env) throw new Error("environment not started");
    const { first } = await writeMetricSamples(env.db, clusterId, new Date());
    await page.reload();
    await page.locator('[data-testid="metrics-chart-requests"][data-has-data="true"]').waitFor();

    for (const id of ["requests", "latency", "inflight", "nodes", "storedObjects", "probeLatency"]) {
      expect(await chart(id).getAttribute("data-has-data"), id).toBe("true");
      expect(await chart(id).locator("svg path.recharts-line-curve").count(), id).toBeGreaterThan(0);
    }
    // Two series on the requests, latency and nodes charts; the top six of seven stored kinds.
    expect(await chart("requests").locator("svg path.recharts-line-curve").count()).toBe(2);
    expect(await chart("latency").locator("svg path.recharts-line-curve").count()).toBe(2);
    expect(await chart("nodes").locator("svg path.recharts-line-curve").count()).toBe(2);
    expect(await chart("storedObjects").locator("tr[data-series]").count()).toBe(6);
    // The 5-minute hole breaks each line: recharts draws a path with two "M" (move) commands.
    const nodesPath = (await chart("nodes").locator("svg path.recharts-line-curve").first().getAttribute("d")) ?? "";
    expect(nodesPath.match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    // Units on the value axis and in the latest-value table.
    expect(await chart("requests").locator("svg .recharts-label").first().textContent()).toBe("req/s");
    expect(await chart("nodes").locator("svg .recharts-label").first().textContent()).toBe("nodes");
    expect(await chart("requests").locator('tr[data-series="api_request_rate"] [data-testid="metrics-latest-value"]').textContent()).toBe("12.5 req/s");
    expect(await chart("requests").locator('tr[data-series="api_error_rate"] [data-testid="metrics-latest-value"]').textContent()).toBe("0.25 req/s");
    expect(await chart("latency").locator('tr[data-series="api_latency_p99_ms"] [data-testid="metrics-latest-value"]').textContent()).toBe("48 ms");
    expect(await chart("nodes").locator('tr[data-series="node_count"] [data-testid="metrics-latest-value"]').textContent()).toBe("2 nodes");
    expect(await chart("nodes").locator('tr[data-series="ready_node_count"] [data-testid="metrics-latest-value"]').textContent()).toBe("1 node");
    // Accessible names and the notes that make partial data honest.
    expect(await chart("requests").locator("svg").first().getAttribute("aria-label")).toBe("API requests, Last hour, in req/s");
    expect(await card().getByTestId("metrics-resolution").getAttribute("data-resolution")).toBe("raw");
    expect(await card().getByTestId("metrics-partial").textContent()).toContain("This range starts before the first sample");
    expect(first.getTime()).toBeLessThan(Date.now());
    await shot("02-last-hour");
  }, 120_000);

  it("refetches for other ranges and keeps the page free of errors", async () => {
    await card().getByTestId("metrics-range").selectOption("24h");
    await answerFor(24);
    // A 24 h window reaches past the raw tier's retention, so the API answers from the 5-minute tier;
    // writeMetricSamples wrote raw rows only (the collector's rollup fills that tier), so the card
    // says where the last sample is instead of drawing nothing.
    expect(await card().getByTestId("metrics-empty").getAttribute("data-empty")).toBe("range");
    expect(await card().getByTestId("metrics-empty").textContent()).toMatch(/^No samples in this range yet\. The last sample was taken .+\.$/);
    await shot("03-last-24-hours");

    await card().getByTestId("metrics-range").selectOption("6h");
    await answerFor(6);
    expect(await chart("requests").getAttribute("data-has-data")).toBe("true");
    expect(await card().getByTestId("metrics-resolution").getAttribute("data-resolution")).toBe("raw");
    expect(await card().getByTestId("metrics-partial").textContent()).toContain("first sample");
    await shot("04-last-6-hours");
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
