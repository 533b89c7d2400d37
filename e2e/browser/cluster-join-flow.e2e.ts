import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AuthenticationV1Api, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { TEST_ADMIN } from "@e2e/env/app-server";
import { launchBrowser, type TestBrowser } from "@e2e/env/browser";
import { openConsolePage, signIn } from "@e2e/env/console-page";
import { startClusterApp, type ClusterApp } from "@e2e/env/cluster-app";
import { playKubeletDeletions } from "@e2e/env/kubelet-stand-in";
import type { NodePortVcluster } from "@e2e/env/node-port-vcluster";
import { waitFor } from "@e2e/env/wait-for";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import { postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";

/**
 * The console's main chain clicked through in Chromium against `next start` wired to a real
 * host kube-apiserver (single-node mode: the create job runs in the web process, with the real
 * helm binary and the stand-in chart). The test plays only what no process here does: vCluster
 * coming up behind the NodePort, and a kubelet registering and reporting its node.
 */
const SHOTS = path.resolve("test-results/browser");
const NODE = "worker-1";
const OTHER_NODE = "worker-2";
const PLAN = { id: "plan_e2e_small", code: "e2e-small", name: "E2E small" };

let env: ClusterApp | undefined;
let browser: TestBrowser | undefined;
let page: Page;
let clusterId = "";
let vcluster: NodePortVcluster | undefined;
let pageErrors: string[] = [];

/** `command` run by dash as root in a private mount namespace whose /etc/os-release is `osRelease` and whose /run has systemd's marker. */
function runInFakeHost(command: string, osRelease: string): Promise<{ code: number; stderr: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kubebyon-fake-host-"));
  writeFileSync(path.join(dir, "os-release"), osRelease);
  const setup = `set -e; mount --make-rprivate /; mount -t tmpfs tmpfs /run; mkdir -p /run/systemd/system; mount --bind "${dir}/os-release" /etc/os-release; set +e; exec dash -c "$1"`;
  return new Promise((resolve, reject) => {
    const child = spawn("unshare", ["--mount", "sh", "-c", setup, "sh", command], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      rmSync(dir, { recursive: true, force: true });
      resolve({ code: code ?? -1, stderr });
    });
  });
}

async function shot(name: string) {
  await page.screenshot({ path: path.join(SHOTS, `cluster-join-${name}.png`), fullPage: true });
}

function started(): { env: ClusterApp; vcluster: NodePortVcluster } {
  if (!env || !vcluster) throw new Error("the cluster is not up; an earlier step failed");
  return { env, vcluster };
}

function step(name: string, status?: string) {
  return page.locator(`[data-testid="operation-step"][data-step="${name}"]${status ? `[data-status="${status}"]` : ""}`);
}

describe("create → join → nodes in a real browser on a real cluster", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    env = await startClusterApp({ label: "browser_cluster_join" });
    await env.db.plan.create({ data: { ...PLAN, clusterQuota: 3, nodeQuota: 2, cpuQuota: "4", memoryQuota: "8Gi" } });
    browser = await launchBrowser({ locale: "en", colorScheme: "light" });
    ({ page, errors: pageErrors } = await openConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  it("creates a nodeport cluster from the dialog and shows its steps progressing", async () => {
    if (!env) throw new Error("environment not started");
    await signIn(page, env.app.url, TEST_ADMIN);
    await page.getByRole("navigation").getByRole("link", { name: "Clusters" }).click();
    await page.waitForURL("**/clusters");

    await page.getByRole("button", { name: "Create cluster" }).click();
    const dialog = page.getByRole("dialog", { name: "Create cluster" });
    await dialog.getByLabel("Name", { exact: true }).fill("join-demo");
    await dialog.getByLabel("Access mode").selectOption("nodeport");
    await dialog.getByLabel("Control plane host").fill("127.0.0.1");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/clusters\/cl_[0-9a-z]+$/);
    clusterId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByRole("heading", { level: 1, name: "join-demo" }).waitFor();
    expect(await page.getByTestId("cluster-status").getAttribute("data-status")).toBe("provisioning");
    await shot("01-created");

    // The job has installed the release and now waits for vCluster to export its kubeconfig.
    await step("helm_install", "succeeded").waitFor({ timeout: 90_000 });
    await step("wait_control_plane", "running").waitFor({ timeout: 30_000 });
    for (const done of ["ensure_namespace", "copy_platform_secret"]) expect(await step(done).getAttribute("data-status")).toBe("succeeded");
    expect(await step("apply_quota").getAttribute("data-status")).toBe("skipped");
    expect(await step("probe_connection").getAttribute("data-status")).toBe("pending");
    // Step names are translated; the key stays available as a tooltip.
    expect(await step("helm_install").getByTestId("operation-step-label").textContent()).toBe("Install control plane (Helm)");
    expect(await step("helm_install").getByTestId("operation-step-label").getAttribute("title")).toBe("helm_install");
    await shot("02-waiting-for-control-plane");
  });

  it("becomes ready with connection info once vCluster is up behind its NodePort", async () => {
    if (!env) throw new Error("environment not started");
    vcluster = await env.playVcluster(clusterId);
    await page.locator('[data-testid="cluster-status"][data-status="ready"]').waitFor({ timeout: 60_000 });
    await step("probe_connection", "succeeded").waitFor();
    expect(await page.locator('[data-testid="cluster-operation"][data-kind="create"]').getAttribute("data-status")).toBe("succeeded");
    expect(await page.getByTestId("cluster-api-endpoint").textContent()).toBe(`https://127.0.0.1:${vcluster.nodePort}`);
    expect(await page.getByTestId("cluster-public-access-mode").textContent()).toBe("NodePort");
    expect(await page.getByTestId("cluster-public-access-port").textContent()).toBe(String(vcluster.nodePort));
    expect(await page.getByTestId("cluster-control-plane-host").textContent()).toBe("127.0.0.1");
    // The status names its time in state (and the probe's last check, once the health task ran).
    const connection = page.getByTestId("cluster-connection-status");
    expect(await connection.getByTestId("connection-status").getAttribute("data-status")).toBe("connected");
    expect(await connection.textContent()).toMatch(/^Connectedsince .+ · (checked .+|not checked yet)$/);
    expect(await page.getByTestId("cluster-kubeconfig-available").textContent()).toBe("Available");
    await page.getByTestId("cluster-nodes").getByText("No nodes have joined yet.").waitFor();
    await shot("03-ready");
  });

  it("creates a join token whose command carries a real bootstrap token of the vCluster", async () => {
    const { vcluster: vc } = started();
    const join = page.getByTestId("cluster-join");
    await join.getByTestId("join-ttl").selectOption("1h");
    await join.getByRole("button", { name: "Create join token" }).click();
    const command = (await join.getByTestId("join-command").textContent()) ?? "";
    const match = /script\?token=([a-z0-9]{6})\.([a-z0-9]{16})"/.exec(command);
    expect(command).toMatch(new RegExp(`^curl -fsSL ".*/api/join/clusters/${clusterId}/script\\?token=`));
    if (!match) throw new Error(`no token in the join command: ${command}`);
    const [token, tokenId] = [`${match[1]}.${match[2]}`, match[1] ?? ""];
    await join.getByRole("cell", { name: tokenId, exact: true }).waitFor();
    await shot("04-join-command");

    const secret = await vc.vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `bootstrap-token-${tokenId}`, namespace: "kube-system" });
    expect(secret.type).toBe("bootstrap.kubernetes.io/token");
    const expires = Date.parse(Buffer.from(secret.data?.expiration ?? "", "base64").toString("utf8"));
    expect(expires - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    // The token from the page authenticates against the cluster as a bootstrapping node would.
    const review = await kubeConfigFromCredentials({ server: vc.vc.server, caPem: vc.vc.tls.caPem, token })
      .makeApiClient(AuthenticationV1Api)
      .createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
    expect(review.status?.userInfo?.username).toBe(`system:bootstrap:${tokenId}`);
  });

  it("runs the join command on a machine with an unsupported OS and shows the typed failure and its fix live", async () => {
    const join = page.getByTestId("cluster-join");
    const command = (await join.getByTestId("join-command").textContent()) ?? "";
    // The command exactly as the page shows it, run as root by dash in a private mount namespace that looks like
    // Alpine with systemd: the wrapper the real route serves reports each check and stops at the OS.
    const run = await runInFakeHost(command, 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.20.3\n');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/unsupported_os: /);
    const sessionId = /join session (js_[a-z0-9]+)/.exec(run.stderr)?.[1] ?? "";
    expect(sessionId).not.toBe("");

    const sessions = page.getByTestId("join-sessions");
    await sessions.locator('[data-testid="join-session-status"][data-status="preflight_failed"]').waitFor({ timeout: 15_000 });
    await sessions.getByRole("button", { name: `Show the timeline of join session ${sessionId}` }).click();
    const timeline = page.locator(`[data-testid="join-session-timeline"][data-status="preflight_failed"]`);
    await timeline.waitFor();
    const failure = timeline.getByTestId("join-session-failure");
    expect(await failure.getAttribute("data-reason")).toBe("unsupported_os");
    expect(await failure.textContent()).toContain("Unsupported operating system");
    expect(await failure.textContent()).toContain("Use Ubuntu 22.04/24.04, RHEL 8/9/10, CentOS Stream 9 or Rocky Linux 9/10.");
    // root and systemd passed before the OS check stopped the run.
    expect(await timeline.getByTestId("join-session-event").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-kind")}:${e.getAttribute("data-outcome")}`))).toEqual([
      "session_opened:info",
      "check:pass",
      "check:pass",
      "check:fail",
    ]);
    await shot("04b-join-session-failed");
  });

  it("lists the node a kubelet registers, first not ready, then ready", async () => {
    const core = started().vcluster.vc.kubeConfig().makeApiClient(CoreV1Api);
    await registerNode(core, NODE);
    await postNodeStatus(core, NODE, "False");
    const nodes = page.getByTestId("cluster-nodes");
    await nodes.locator('[data-testid="node-status"][data-status="not_ready"]').waitFor();
    expect(await nodes.getByRole("link", { name: NODE, exact: true }).count()).toBe(1);
    await shot("05-node-not-ready");

    await postNodeStatus(core, NODE, "True");
    await nodes.locator('[data-testid="node-status"][data-status="ready"]').waitFor();
    expect(await nodes.getByRole("row").filter({ hasText: NODE }).textContent()).toContain("10.20.0.11");
    await shot("06-node-ready");
  });

  it("cordons the node from the table", async () => {
    const core = started().vcluster.vc.kubeConfig().makeApiClient(CoreV1Api);
    const nodes = page.getByTestId("cluster-nodes");
    await nodes.getByRole("button", { name: `Cordon node ${NODE}` }).click();
    await nodes.locator('[data-testid="node-scheduling"][data-unschedulable="true"]').waitFor();
    expect((await core.readNode({ name: NODE })).spec?.unschedulable).toBe(true);
    // The row now offers the way back.
    await nodes.getByRole("button", { name: `Uncordon node ${NODE}` }).waitFor();
    await page.getByTestId("toast-region").getByText(`Node ${NODE} cordoned`).waitFor();
    await shot("07-cordoned");
  });

  it("drains the node after confirmation (refused for an unmanaged pod until force is ticked) and shows what happened to each pod", async () => {
    const core = started().vcluster.vc.kubeConfig().makeApiClient(CoreV1Api);
    // The ServiceAccount admission plugin needs it; a controller manager would create it.
    await core.createNamespacedServiceAccount({ namespace: "default", body: { metadata: { name: "default" } } });
    await core.createNamespacedPod({
      namespace: "default",
      body: { metadata: { name: "web" }, spec: { nodeName: NODE, containers: [{ name: "app", image: "registry.invalid/app:1" }] } },
    });
    await core.createNamespacedPod({
      namespace: "default",
      body: {
        metadata: { name: "agent", ownerReferences: [{ apiVersion: "apps/v1", kind: "DaemonSet", name: "agent", uid: randomUUID(), controller: true }] },
        spec: { nodeName: NODE, containers: [{ name: "agent", image: "registry.invalid/agent:1" }] },
      },
    });
    const stopKubelet = playKubeletDeletions(core, NODE);
    try {
      await page.getByTestId("cluster-nodes").getByRole("button", { name: `Drain node ${NODE}` }).click();
      const dialog = page.getByRole("dialog", { name: "Drain node" });
      await dialog.getByText("PodDisruptionBudgets are honoured").waitFor();
      await dialog.getByText("as with kubectl drain --ignore-daemonsets").waitFor();
      // "web" has no controller: like kubectl drain without --force, the drain is refused and changes nothing.
      await dialog.getByRole("button", { name: "Drain", exact: true }).click();
      const refusal = dialog.getByTestId("drain-node-error");
      await refusal.waitFor({ timeout: 60_000 });
      expect(await refusal.textContent()).toMatch(/not managed by a controller .*default\/web\. Set "force"/);
      expect((await core.readNode({ name: NODE })).spec?.unschedulable).toBe(true); // cordoned by the previous step, unchanged
      expect((await core.readNamespacedPod({ name: "web", namespace: "default" })).metadata?.deletionTimestamp).toBeUndefined();
      await shot("08-drain-refused");
      await dialog.getByRole("checkbox", { name: /Also evict pods no controller manages/ }).check();
      await dialog.getByRole("button", { name: "Drain", exact: true }).click();
      const report = dialog.getByTestId("drain-report");
      await report.waitFor({ timeout: 60_000 });
      expect(await report.getAttribute("data-completed")).toBe("true");
      expect(await report.locator("[data-outcome]").evaluateAll((els) => els.map((e) => e.getAttribute("data-outcome")))).toEqual(["skipped_daemonset", "evicted"]);
      expect(await report.getByRole("row").filter({ hasText: "default/web" }).textContent()).toContain("Evicted");
      expect(await report.getByRole("row").filter({ hasText: "default/agent" }).textContent()).toContain("Skipped (DaemonSet)");
      await shot("08-drain-report");
      await dialog.getByRole("button", { name: "Done", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
    } finally {
      await stopKubelet();
    }
    const left = await core.listNamespacedPod({ namespace: "default" });
    expect(left.items.map((p) => p.metadata?.name)).toEqual(["agent"]);
  });

  it("opens the node detail page with its live facts and its event timeline", async () => {
    const { env: app, vcluster: vc } = started();
    // A second node's events must stay off this node's page.
    await registerNode(vc.vc.kubeConfig().makeApiClient(CoreV1Api), OTHER_NODE);
    await waitFor(
      `the observer to record ${OTHER_NODE} joining`,
      () => app.db.nodeEvent.count({ where: { clusterId, nodeName: OTHER_NODE, type: "joined" } }),
      (n) => n === 1,
      60_000,
    );
    await page.getByTestId("cluster-nodes").getByRole("link", { name: NODE, exact: true }).click();
    await page.waitForURL(`**/clusters/${clusterId}/nodes/${NODE}`);
    await page.getByRole("heading", { level: 1, name: NODE }).waitFor();
    expect(await page.getByTestId("node-fact-internal-ip").textContent()).toBe("10.20.0.11");
    expect(await page.getByTestId("node-fact-kubelet").textContent()).toBe("v1.37.2");
    expect(await page.getByTestId("node-fact-os-image").textContent()).toBe("Debian GNU/Linux 12 (bookworm)");
    expect(await page.getByTestId("node-fact-scheduling").textContent()).toBe("Cordoned");
    expect(await page.getByTestId("node-conditions").getByRole("row").filter({ hasText: "KubeletReady" }).count()).toBe(1);
    expect(await page.getByTestId("node-resources").getByRole("row").filter({ hasText: "CPU" }).textContent()).toContain("1900m");

    // The node observer records what it saw: the join, the readiness change and the cordon.
    const events = page.getByTestId("node-events");
    await events.locator('[data-testid="node-event"][data-type="cordoned"]').waitFor({ timeout: 60_000 });
    await events.locator('[data-testid="node-event"][data-type="joined"]').waitFor();
    const types = await events.getByTestId("node-event").evaluateAll((els) => els.map((e) => e.getAttribute("data-type")));
    // Newest first: the cordon came after the join; only this node joined here.
    expect(types.indexOf("cordoned")).toBeLessThan(types.indexOf("joined"));
    expect(types.filter((type) => type === "joined")).toHaveLength(1);
    // Time in each state from those events: Ready now (running to now), no open health alert.
    const health = page.getByTestId("node-health");
    await health.getByTestId("node-alerts-empty").waitFor();
    expect(await health.textContent()).toContain("Ready since");
    expect(Number(await health.getByTestId("node-time-offline").getAttribute("data-seconds"))).toBe(0);
    await shot("09-node-detail");

    await events.getByTestId("node-event-type").selectOption("cordoned");
    // The previous list stays until the filtered one has arrived.
    await events.locator('[data-testid="node-event"][data-type="joined"]').waitFor({ state: "detached" });
    await events.locator('[data-testid="node-event"][data-type="cordoned"]').first().waitFor();
    const filtered = await events.getByTestId("node-event").evaluateAll((els) => els.map((e) => e.getAttribute("data-type")));
    expect(filtered.length).toBeGreaterThan(0);
    expect(new Set(filtered)).toEqual(new Set(["cordoned"]));
    await shot("10-node-events-filtered");
  });

  it("edits the cluster settings: the server's rule is shown, then a rename and a plan change run an update", async () => {
    await page.getByRole("link", { name: "Back to the cluster" }).click();
    await page.waitForURL(`**/clusters/${clusterId}`);
    await page.getByRole("button", { name: "Edit settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit cluster settings" });
    await dialog.getByLabel("Access mode").selectOption("loadbalancer");
    await dialog.getByText("a DNS name, a VIP or a reserved IP", { exact: false }).waitFor();
    await dialog.getByLabel("Control plane host").fill("");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    const error = dialog.getByTestId("edit-cluster-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/control_plane_host/);
    await shot("11-edit-needs-host");

    await dialog.getByLabel("Access mode").selectOption("nodeport");
    await dialog.getByLabel("Control plane host").fill("127.0.0.1");
    await dialog.getByLabel("Name", { exact: true }).fill("join-demo-renamed");
    await dialog.getByLabel("Plan ID").fill(PLAN.id);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: "join-demo-renamed" }).waitFor();
    const update = page.locator('[data-testid="cluster-operation"][data-kind="update"]');
    await update.waitFor();
    await page.locator('[data-testid="cluster-operation"][data-kind="update"][data-status="succeeded"]').waitFor({ timeout: 90_000 });
    expect(await update.getByTestId("operation-step").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-step")}:${e.getAttribute("data-status")}`))).toEqual([
      "ensure_namespace:succeeded",
      "apply_quota:succeeded",
      "helm_upgrade:succeeded",
      "wait_control_plane:succeeded",
      "verify_serving_certificate:succeeded",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
      "managed_ingress:skipped",
    ]);
    await page.locator('[data-testid="cluster-status"][data-status="ready"]').waitFor();
    expect(await page.getByTestId("cluster-api-endpoint").textContent()).toBe(`https://127.0.0.1:${started().vcluster.nodePort}`);
    await shot("12-updated");
    expect(pageErrors).toEqual([]);
  });

  it("changes the control plane host: the endpoint moves once the certificate covers it, and the node that joined before is pointed out", async () => {
    await page.getByRole("button", { name: "Edit settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit cluster settings" });
    await dialog.getByLabel("Control plane host").fill("k8s.join-demo.test");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    // api_endpoint only moves after verify_serving_certificate saw the stand-in re-issue its certificate with the new name.
    await page.getByTestId("cluster-api-endpoint").filter({ hasText: `https://k8s.join-demo.test:${started().vcluster.nodePort}` }).waitFor({ timeout: 90_000 });
    const notice = page.locator('[data-testid="endpoint-change-notice"][data-kind="grace"]');
    await notice.waitFor({ timeout: 15_000 });
    const text = (await notice.textContent()) ?? "";
    // Every node of this cluster registered before the change.
    const nodes = await page.getByTestId("node-status").count();
    expect(nodes).toBeGreaterThan(0);
    expect(text).toContain(`${nodes} node${nodes === 1 ? "" : "s"} joined before the API endpoint changed to k8s.join-demo.test on `);
    expect(text).toContain("they still use 127.0.0.1, which stays in the certificate until ");
    expect(await page.getByTestId("node-joined-before-change").count()).toBe(nodes);
    await shot("13-endpoint-changed");
    expect(pageErrors).toEqual([]);
  });
});
