import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { TEST_ADMIN } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { startClusterApp, type ClusterApp } from "@e2e/env/cluster-app";
import { startAuthoritativeDnsServer, type AuthoritativeDnsServer } from "@e2e/env/dns/authoritative-dns-server";
import type { NodePortVcluster } from "@e2e/env/node-port-vcluster";
import { playPodKubelet, type PodKubelet } from "@e2e/env/pod-kubelet-stand-in";

/**
 * Managed workload ingress, DNS automation and hostname bindings clicked through in Chromium
 * against `next start` (single-node mode) on a real host kube-apiserver, with the real helm
 * installing the ingress-nginx stand-in chart into a vCluster that runs kube-controller-manager.
 * The test plays what no process here does: vCluster coming up, one node's kubelet, the
 * Cloudflare API (stand-in over HTTP) and public DNS (an authoritative server on loopback that
 * KUBEBYON_DNS_CHECK_RESOLVERS points at).
 */
const SHOTS = path.resolve("test-results/browser");
const BASE = "apps.example.test";
const EDGE = "edge.example.test";
const PLATFORM_HOST = `shop.${BASE}`;
const EXTERNAL_HOST = "app.customer.test";
const LATER_HOST = `www.${BASE}`;

let env: ClusterApp | undefined;
let browser: TestBrowser | undefined;
let cf: CloudflareApiStandIn | undefined;
let dns: AuthoritativeDnsServer | undefined;
let vcluster: NodePortVcluster | undefined;
let kubelet: PodKubelet | undefined;
let page: Page;
let clusterId = "";
let pageErrors: string[] = [];

/** The whole page, and the card the step is about (the cluster page is long; the card shows its details). */
async function shot(name: string, card?: Locator) {
  await page.screenshot({ path: path.join(SHOTS, `managed-ingress-${name}.png`), fullPage: true });
  if (card) await card.screenshot({ path: path.join(SHOTS, `managed-ingress-${name}-card.png`) });
}

function started(): { env: ClusterApp; cf: CloudflareApiStandIn; dns: AuthoritativeDnsServer } {
  if (!env || !cf || !dns) throw new Error("environment not started");
  return { env, cf, dns };
}

const ingress = () => page.getByTestId("cluster-managed-ingress");
const bindings = () => page.getByTestId("cluster-hostname-bindings");
const bindingRow = (hostname: string) => bindings().getByRole("row").filter({ has: page.getByTestId("binding-hostname").getByText(hostname, { exact: true }) });
const attr = (selector: Locator, name: string) => selector.getAttribute(name);

async function openClusterPage() {
  await page.goto(new URL(`/clusters/${clusterId}`, started().env.app.url).toString());
  await page.getByTestId("cluster-managed-ingress").waitFor();
}

describe("managed ingress, DNS automation and hostname bindings in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    cf = await startCloudflareApiStandIn({ zoneName: "example.test" });
    dns = await startAuthoritativeDnsServer({ zone: "test" });
    env = await startClusterApp({
      label: "browser_managed_ingress",
      managedIngress: true,
      env: { KUBEBYON_DNS_CHECK_RESOLVERS: dns.server, KUBEBYON_CLOUDFLARE_API_BASE_URL: cf.baseUrl },
    });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await kubelet?.stop();
    await browser?.close();
    await env?.close();
    await dns?.stop();
    await cf?.close();
  });

  it("creates a cluster that becomes ready, with managed ingress off and no CNAME target yet", async () => {
    const { env: app } = started();
    await signIn(page, app.app.url, TEST_ADMIN);
    await page.getByRole("navigation").getByRole("link", { name: "Clusters" }).click();
    await page.waitForURL("**/clusters");
    await page.getByRole("button", { name: "Create cluster" }).click();
    const dialog = page.getByRole("dialog", { name: "Create cluster" });
    await dialog.getByLabel("Name", { exact: true }).fill("ingress-demo");
    await dialog.getByLabel("Access mode").selectOption("nodeport");
    await dialog.getByLabel("Control plane host").fill("127.0.0.1");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/clusters\/cl_[0-9a-z]+$/);
    clusterId = new URL(page.url()).pathname.split("/").pop() ?? "";

    vcluster = await app.playVcluster(clusterId, { controllerManager: true });
    await page.locator('[data-testid="cluster-status"][data-status="ready"]').waitFor({ timeout: 90_000 });
    expect(await attr(ingress().getByTestId("managed-ingress-status"), "data-status")).toBe("disabled");
    expect(await attr(ingress().getByTestId("managed-ingress-toggle"), "data-enabled")).toBe("false");
    expect(await ingress().getByTestId("managed-ingress-class").textContent()).toBe("—");
    expect(await ingress().getByTestId("managed-ingress-cname-target").textContent()).toMatch(/administrator must set the base domain/);
    // Honest about what it is and is not.
    await ingress().getByText("inside this cluster's vCluster").waitFor();
    await ingress().getByText("only where the operator has turned its TLS on", { exact: false }).waitFor();
    // This deployment does not run the workload edge: its card says so instead of showing a status that means nothing.
    const edge = page.getByTestId("cluster-workload-edge");
    await edge.getByTestId("workload-edge-not-running").waitFor();
    expect(await attr(edge.getByTestId("workload-edge-status"), "data-status")).toBe("disabled");
    expect(await attr(ingress().getByTestId("cluster-dns-status"), "data-status")).toBe("disabled");
    await bindings().getByTestId("bindings-no-target").waitFor();
    await shot("01-ready-ingress-off", ingress());
  }, 240_000);

  it("turns managed ingress on without a node: it waits for one, and the switch stays usable", async () => {
    await ingress().getByTestId("managed-ingress-toggle").click();
    await ingress().locator('[data-testid="managed-ingress-status"][data-status="provisioning"]').waitFor({ timeout: 10_000 });
    // The job finds no Ready node, skips the step and ends: the card says it waits, not that it works.
    await ingress().getByTestId("managed-ingress-waiting").waitFor({ timeout: 90_000 });
    expect(await ingress().getByTestId("managed-ingress-waiting").textContent()).toMatch(/Waiting for a Ready node.*installs the controller by itself/s);
    expect(await ingress().getByTestId("managed-ingress-last-error").textContent()).toBe("—");
    expect(await attr(ingress().getByTestId("managed-ingress-toggle"), "data-enabled")).toBe("true");
    expect(await ingress().getByTestId("managed-ingress-toggle").isDisabled()).toBe(false);
    expect(await ingress().getByTestId("managed-ingress-retry").count()).toBe(0);
    await page.locator('[data-testid="operation-step"][data-step="managed_ingress"][data-status="skipped"]').first().waitFor();
    await shot("02-ingress-waiting-for-node", ingress());
  }, 120_000);

  it("when a node joins the platform installs it by itself: provisioning → ready with IngressClass kubebyon", async () => {
    if (!vcluster) throw new Error("the vCluster is not up");
    kubelet = await playPodKubelet({ kubeConfig: vcluster.vc.kubeConfig(), node: "worker-1", namespace: "kubebyon-system" });
    await page.getByTestId("cluster-nodes").locator('[data-testid="node-status"][data-status="ready"]').waitFor({ timeout: 60_000 });
    // No click: the node observer sees the Ready node and starts the managed_ingress job.
    const toggle = ingress().getByTestId("managed-ingress-toggle");
    await ingress().locator('[data-testid="managed-ingress-status"][data-status="ready"]').waitFor({ timeout: 180_000 });
    expect(await ingress().getByTestId("managed-ingress-class").textContent()).toBe("kubebyon");
    expect(await ingress().getByTestId("managed-ingress-last-error").textContent()).toBe("—");
    // The reconcile that made it ready read it: the card says when (docs/managed-ingress.md "Re-check").
    expect(await ingress().getByTestId("managed-ingress-checked-at").textContent()).toMatch(/^checked \S/);
    expect(await ingress().getByTestId("managed-ingress-waiting").count()).toBe(0);
    expect(await toggle.isDisabled()).toBe(false);
    await page.locator('[data-testid="cluster-operation"][data-kind="managed_ingress"][data-status="succeeded"]').first().waitFor();
    await shot("04-ingress-ready", ingress());
  }, 300_000);

  it("refuses a binding while there is no CNAME target, with the server's reason in the form", async () => {
    await bindings().getByRole("button", { name: "Add hostname" }).click();
    const dialog = page.getByRole("dialog", { name: "Add hostname" });
    await dialog.getByLabel("Hostname").fill(PLATFORM_HOST);
    // No CNAME target → no base domain → the preview can only say self-managed.
    const preview = dialog.getByTestId("binding-scope-preview");
    expect(await attr(preview, "data-scope")).toBe("self_managed");
    expect(await preview.textContent()).toMatch(/no base domain yet/);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    const error = dialog.getByTestId("add-binding-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/managed_workload_ingress_base_domain/);
    await shot("05-binding-refused-no-target", dialog);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("the admin sets the base domain and Cloudflare DNS automation in System settings; the health card reads it", async () => {
    const { env: app, cf: cloudflare } = started();
    await page.goto(new URL("/admin/settings", app.app.url).toString());
    const health = page.getByTestId("dns-automation-health");
    await health.getByTestId("dns-health-status").waitFor();
    expect(await attr(health.getByTestId("dns-health-status"), "data-status")).toBe("off");
    await page.getByLabel("Managed ingress base domain").fill(BASE);
    await page.getByLabel("Maintain CNAME records automatically (DNS automation)").check();
    await page.getByLabel("Record target hostname").fill(EDGE);
    await page.getByLabel("Cloudflare zone ID").fill(cloudflare.zoneId);
    await page.getByLabel("Cloudflare API token").fill(cloudflare.token);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByTestId("toast-region").getByText("Settings saved.").waitFor();
    await health.locator('[data-testid="dns-health-status"][data-status="ok"]').waitFor();
    expect(await attr(health.getByTestId("dns-health-clusters").locator("span"), "data-error")).toBe("0");
    await shot("06-settings-dns-automation", health);
  });

  it("shows the CNAME target and previews platform-managed / self-managed while typing; both bindings appear with their status", async () => {
    await openClusterPage();
    const target = `cl-${clusterId.slice(3)}.${BASE}`;
    expect(await ingress().getByTestId("managed-ingress-cname-target").textContent()).toBe(target);
    expect(await bindings().getByTestId("bindings-no-target").count()).toBe(0);

    await bindings().getByRole("button", { name: "Add hostname" }).click();
    let dialog = page.getByRole("dialog", { name: "Add hostname" });
    const preview = dialog.getByTestId("binding-scope-preview");
    await dialog.getByLabel("Hostname").fill("*.apps.example.test");
    await preview.getByText("Wildcard hostnames", { exact: false }).waitFor();
    await dialog.getByLabel("Hostname").fill(PLATFORM_HOST);
    await dialog.locator('[data-testid="binding-scope-preview"][data-scope="platform_managed"]').waitFor();
    expect(await preview.textContent()).toContain(`under the base domain ${BASE}`);
    await shot("07-preview-platform-managed", page.getByRole("dialog", { name: "Add hostname" }));
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await bindings().getByRole("button", { name: "Add hostname" }).click();
    dialog = page.getByRole("dialog", { name: "Add hostname" });
    await dialog.getByLabel("Hostname").fill(EXTERNAL_HOST);
    expect(await attr(dialog.getByTestId("binding-scope-preview"), "data-scope")).toBe("self_managed");
    expect(await dialog.getByTestId("binding-scope-preview").textContent()).toContain(`outside the base domain ${BASE}`);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    const platformRow = bindingRow(PLATFORM_HOST);
    const externalRow = bindingRow(EXTERNAL_HOST);
    expect(await attr(platformRow.getByTestId("binding-scope"), "data-scope")).toBe("platform_managed");
    expect(await attr(externalRow.getByTestId("binding-scope"), "data-scope")).toBe("self_managed");
    expect(await platformRow.textContent()).toContain(`CNAME in the platform's zone, to ${target}`);
    expect(await externalRow.textContent()).toContain(`Point a CNAME at ${target}`);
    expect(await attr(platformRow.getByTestId("binding-status"), "data-status")).toBe("pending");
    expect(await attr(externalRow.getByTestId("binding-status"), "data-status")).toBe("pending");
    // A create starts a DNS automation pass: the platform-managed record is written, the external one is not the platform's.
    await platformRow.locator('[data-testid="binding-dns-status"][data-status="synced"]').waitFor({ timeout: 30_000 });
    expect(await attr(externalRow.getByTestId("binding-dns-status"), "data-status")).toBe("disabled");
    expect(started().cf.byName(PLATFORM_HOST).map((r) => `${r.type} ${r.content}`)).toEqual([`CNAME ${target}`]);
    expect(started().cf.byName(EXTERNAL_HOST)).toEqual([]);
    await shot("08-bindings-added", bindings());
  }, 120_000);

  it("Check DNS now: the external hostname CNAMEd at the target is ready, the platform one without public DNS stays pending", async () => {
    const { dns: publicDns } = started();
    const target = `cl-${clusterId.slice(3)}.${BASE}`;
    publicDns.setCname(EXTERNAL_HOST, target);
    publicDns.setCname(target, EDGE);
    publicDns.setA(EDGE, ["127.0.0.9"]);
    await bindings().getByRole("button", { name: "Check DNS now" }).click();
    await page.getByTestId("toast-region").getByText("DNS checked: 1 of 2 ready.").waitFor();
    await bindingRow(EXTERNAL_HOST).locator('[data-testid="binding-status"][data-status="ready"]').waitFor();
    expect(await attr(bindingRow(PLATFORM_HOST).getByTestId("binding-status"), "data-status")).toBe("pending");
    expect(await bindingRow(PLATFORM_HOST).getByTestId("binding-last-error").textContent()).toMatch(/does not exist in DNS \(NXDOMAIN\)/);
    expect(await bindingRow(EXTERNAL_HOST).getByTestId("binding-last-error").count()).toBe(0);
    await shot("09-dns-checked", bindings());
  });

  it("a Cloudflare outage shows as a DNS automation error; the next good pass shows Recovered; a binding is deleted after confirmation", async () => {
    const { cf: cloudflare } = started();
    // Every API call fails while the delete's DNS pass runs.
    cloudflare.failNext(10_000, 500);
    await bindingRow(EXTERNAL_HOST).getByRole("button", { name: `Delete binding ${EXTERNAL_HOST}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete hostname binding" });
    await confirm.getByText("The CNAME in your own DNS stays", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await bindingRow(EXTERNAL_HOST).waitFor({ state: "detached" });
    await bindingRow(PLATFORM_HOST).locator('[data-testid="binding-dns-status"][data-status="error"]').waitFor({ timeout: 30_000 });
    expect(await bindingRow(PLATFORM_HOST).textContent()).toMatch(/HTTP 500/);
    expect(await bindingRow(PLATFORM_HOST).getByTestId("binding-dns-recovered").count()).toBe(0);
    // No reload: the page reads the settled cluster again every 10 s.
    await ingress().locator('[data-testid="cluster-dns-status"][data-status="error"]').waitFor({ timeout: 25_000 });
    await shot("10-dns-automation-error", ingress());

    // Cloudflare answers again; the next change's pass writes every record.
    cloudflare.failNext(0);
    await bindings().getByRole("button", { name: "Add hostname" }).click();
    const dialog = page.getByRole("dialog", { name: "Add hostname" });
    await dialog.getByLabel("Hostname").fill(LATER_HOST);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await bindingRow(PLATFORM_HOST).locator('[data-testid="binding-dns-status"][data-status="synced"]').waitFor({ timeout: 30_000 });
    await bindingRow(PLATFORM_HOST).getByTestId("binding-dns-recovered").waitFor();
    // The new binding never failed: synced, no Recovered hint.
    await bindingRow(LATER_HOST).locator('[data-testid="binding-dns-status"][data-status="synced"]').waitFor({ timeout: 30_000 });
    expect(await bindingRow(LATER_HOST).getByTestId("binding-dns-recovered").count()).toBe(0);
    await ingress().locator('[data-testid="cluster-dns-status"][data-status="synced"]').waitFor({ timeout: 25_000 });
    await ingress().getByTestId("cluster-dns-recovered").waitFor();
    expect(await ingress().getByTestId("cluster-dns-last-error").textContent()).toMatch(/HTTP 500/);
    await shot("11-dns-automation-recovered", ingress());
    await bindingRow(PLATFORM_HOST).getByTestId("binding-dns-recovered").waitFor();
    await shot("11-bindings-recovered", bindings());
  }, 120_000);

  it("turning managed ingress off uninstalls it: provisioning → disabled, the class cleared", async () => {
    const toggle = ingress().getByTestId("managed-ingress-toggle");
    expect(await attr(toggle, "data-enabled")).toBe("true");
    await toggle.click();
    await page.getByTestId("toast-region").getByText("Managed ingress is being removed.").waitFor();
    await ingress().locator('[data-testid="managed-ingress-status"][data-status="disabled"]').waitFor({ timeout: 120_000 });
    expect(await attr(toggle, "data-enabled")).toBe("false");
    expect(await ingress().getByTestId("managed-ingress-class").textContent()).toBe("—");
    await shot("12-ingress-off", ingress());
  }, 150_000);

  it("the settings page's DNS automation health counts the records and names the last error as recovered", async () => {
    await page.goto(new URL("/admin/settings", started().env.app.url).toString());
    const health = page.getByTestId("dns-automation-health");
    await health.locator('[data-testid="dns-health-status"][data-status="ok"]').waitFor();
    const clusters = health.getByTestId("dns-health-clusters").locator("span");
    const bindingCounts = health.getByTestId("dns-health-bindings").locator("span");
    expect(await attr(clusters, "data-synced")).toBe("1");
    expect(await attr(bindingCounts, "data-synced")).toBe("2");
    expect(await attr(bindingCounts, "data-error")).toBe("0");
    const latest = health.getByTestId("dns-health-latest-error");
    expect(await latest.textContent()).toMatch(/HTTP 500/);
    expect(await latest.textContent()).toContain("Synced again since (recovered).");
    await shot("13-settings-dns-health", health);
    expect(pageErrors).toEqual([]);
  });
});
