import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@e2e/env/app-server";
import { startHaproxyEdge, type HaproxyEdge } from "@e2e/env/haproxy-edge";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { parseConfig } from "@/server/config/env";
import { renderHaproxyConfig } from "@/server/domain/control-plane-edge/haproxy-config";
import { newId } from "@/server/domain/ids";
import { CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import { parseShowProc } from "@/server/infra/haproxy/haproxy-master-cli";
import { createLogger } from "@/server/observability/logger";
import { haproxyOptionsFor } from "./haproxy-options";
import { startJobProcessing, type JobProcessing } from "./job-processing";
import { buildRuntime, type Runtime } from "./runtime";

// The edge loop as a job-processing process runs it with KUBEBYON_PUBLIC_ACCESS_PROVIDER=haproxy: the
// runtime built from the environment, real PostgreSQL rows, a real host kube-apiserver (a Ready Node and
// the clusters' NodePort Services) and Debian's HAProxy in master-worker mode that the loop reloads.
const NODE = { name: "edge-loop-node", internalIP: "127.0.42.1" };

let database: TestDatabase;
let kube: KubeCluster;
let core: CoreV1Api;
let dir: string;
let edge: HaproxyEdge;
let ownerId: string;
type Env = Record<string, string | undefined>;
let baseEnv: Env;
const logLines: string[] = [];
const runtimes: Runtime[] = [];

function runtimeWith(env: Env): Runtime {
  const config = parseConfig({ ...baseEnv, ...env });
  const log = createLogger({ level: "info", base: { service: "kubebyon-worker" }, write: (line) => logLines.push(line) });
  const runtime = buildRuntime(config, { process: "kubebyon-worker", log });
  runtimes.push(runtime);
  return runtime;
}

/** A loadbalancer cluster row and its vCluster Service (NodePort, port 443) as the create job leaves them. */
async function publishCluster(runtime: Runtime, release: string, host: string): Promise<{ id: string; nodePort: number }> {
  const namespace = `${release}-ns`;
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  const service = await core.createNamespacedService({
    namespace,
    body: { metadata: { name: release }, spec: { type: "NodePort", selector: { app: release }, ports: [{ name: "https", port: 443, targetPort: 8443 }] } },
  });
  const id = newId("cl");
  await runtime.deps.db.cluster.create({
    data: { id, ownerId, name: release, vclusterName: release, namespace, status: "ready", controlPlaneHost: host, publicAccessEnabled: true, publicAccessMode: "loadbalancer" },
  });
  const nodePort = service.spec?.ports?.[0]?.nodePort;
  if (!nodePort) throw new Error("the apiserver allocated no NodePort");
  return { id, nodePort };
}

const liveConfig = () => readFile(edge.configPath, "utf8");
/** The master's reload counter; its CLI socket refuses connections while it re-executes for a reload, so that is waited out. */
const reloads = async () => {
  const text = await waitFor("the master CLI to answer", () => edge.showProc().catch(() => ""), (t) => t !== "", 10_000);
  return parseShowProc(text).reloads;
};
const passLogs = () => logLines.filter((line) => line.includes("control-plane edge pass"));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-edge-loop-"));
  database = await createTestDatabase("edge_loop");
  kube = await startKubeCluster();
  await kube.addNode(NODE);
  core = kube.kubeConfig().makeApiClient(CoreV1Api);
  baseEnv = {
    DATABASE_URL: database.url,
    KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath,
    KUBEBYON_PUBLIC_ACCESS_PROVIDER: "haproxy",
    KUBEBYON_EDGE_BIND_ADDR: `127.0.0.1:${await freePort()}`,
    KUBEBYON_HAPROXY_STATS_SOCKET: path.join(dir, "stats.sock"),
    KUBEBYON_JOB_POLL_INTERVAL_MS: "200",
  };
  // The bootstrap file a fresh sidecar starts with: the same options, no cluster (everything rejected).
  edge = await startHaproxyEdge({ dir, initialConfig: renderHaproxyConfig([], haproxyOptionsFor(parseConfig(baseEnv).controlPlaneEdge)) });
  baseEnv = { ...baseEnv, KUBEBYON_HAPROXY_CONFIG_PATH: edge.configPath, KUBEBYON_HAPROXY_MASTER_SOCKET: edge.masterSocketPath };
  ownerId = newId("usr");
  const db = runtimeWith({}).deps.db;
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "edge loop" } });
});

afterAll(async () => {
  for (const runtime of runtimes) await runtime.close();
  await edge?.stop();
  await kube?.stop();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("control-plane edge loop (provider haproxy)", () => {
  it("refuses to start job processing when the HAProxy's config path is not set, naming the variable", async () => {
    const runtime = runtimeWith({ KUBEBYON_HAPROXY_CONFIG_PATH: "" });
    await expect(startJobProcessing(runtime, "edge-loop-misconfigured")).rejects.toThrow(
      /KUBEBYON_HAPROXY_CONFIG_PATH: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=haproxy/,
    );
  });

  let processing: JobProcessing | undefined;

  it("serves a cluster at the first pass, and a new cluster as soon as a cluster job ends in the process (interval 1 h)", async () => {
    const runtime = runtimeWith({ KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: "3600" });
    const a = await publishCluster(runtime, "loop-a", "a.loop.test");
    const before = await reloads();
    processing = await startJobProcessing(runtime, "edge-loop-worker");
    const first = await waitFor("the first pass to serve a.loop.test", liveConfig, (text) => text.includes("req.ssl_sni -i a.loop.test"), 20_000);
    expect(first).toContain(`server node_127_0_42_1_${a.nodePort} 127.0.42.1:${a.nodePort} check`);
    expect(first).toContain(`stats socket ${path.join(dir, "stats.sock")} mode 600 level admin expose-fd listeners`);
    // The configuration is written before the reload is asked for, so the master's count catches up a moment later.
    expect(await waitFor("HAProxy to reload once", reloads, (n) => n >= before + 1, 10_000)).toBe(before + 1);

    // A second cluster appears; only the end of a cluster job in this process can bring a pass before the hour is up.
    const b = await publishCluster(runtime, "loop-b", "b.loop.test");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await liveConfig()).not.toContain("b.loop.test");
    // An update job without an operation fails at once (permanent), with no host-cluster work: it still ends a cluster job.
    const job = await runtime.deps.jobs.enqueue({ clusterId: b.id, kind: CLUSTER_UPDATE_JOB, payload: {} });
    await waitFor("the update job to end", () => runtime.deps.db.clusterJob.findUnique({ where: { id: job.id } }), (j) => j?.finishedAt != null, 20_000);
    const second = await waitFor("a pass to serve b.loop.test", liveConfig, (text) => text.includes("req.ssl_sni -i b.loop.test"), 10_000);
    expect(second).toContain(`127.0.42.1:${b.nodePort} check`);
    expect(second).toContain("a.loop.test");
    expect(await waitFor("HAProxy to reload a second time", reloads, (n) => n >= before + 2, 10_000)).toBe(before + 2);
  });

  it("passes every interval, logs an unchanged outcome once, and runs no pass after stop()", async () => {
    await processing?.stop();
    const runtime = runtimeWith({ KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: "1" });
    processing = await startJobProcessing(runtime, "edge-loop-periodic");
    const edgeTask = () => processing?.health().find((task) => task.name === "control-plane-edge");
    await publishCluster(runtime, "loop-c", "c.loop.test");
    await waitFor("a periodic pass to serve c.loop.test", liveConfig, (text) => text.includes("req.ssl_sni -i c.loop.test"), 10_000);
    // The pass that served it logs its outcome once it returned, and records its success in the same tick.
    await waitFor("the pass serving c.loop.test to log it", async () => passLogs().filter((line) => line.includes("c.loop.test")).length, (n) => n > 0, 10_000);
    const at = edgeTask()?.lastSuccessAt ?? 0;
    const logged = passLogs().length;
    await waitFor("two more periodic passes", async () => edgeTask()?.lastSuccessAt ?? 0, (t) => t >= at + 1_500, 10_000);
    expect(edgeTask()).toMatchObject({ scope: "each-process", leading: true, errorStreak: 0 });
    expect(passLogs().length).toBe(logged);

    const stopped = processing;
    await stopped.stop();
    processing = undefined;
    const stoppedAt = stopped.health().find((task) => task.name === "control-plane-edge")?.lastStartAt;
    const reloadsAtStop = await reloads();
    await publishCluster(runtime, "loop-d", "d.loop.test");
    expect(stopped.scheduler.trigger("control-plane-edge")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(stopped.health().find((task) => task.name === "control-plane-edge")?.lastStartAt).toBe(stoppedAt);
    expect(await liveConfig()).not.toContain("d.loop.test");
    expect(await reloads()).toBe(reloadsAtStop);
  });
});
