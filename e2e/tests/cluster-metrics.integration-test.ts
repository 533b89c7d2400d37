import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { leaderClaimsOn, startTestTask } from "@e2e/env/background-task";
import { controlPlaneMetricsTask } from "@/server/services/cluster-metrics/control-plane-metrics.task";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { clusterMetricNames, type ClusterMetricsOutput } from "@/server/domain/cluster-metrics/cluster-metrics-history";
import { parsePromNumber, parsePromText } from "@/server/domain/cluster-metrics/prometheus-text";
import { newId } from "@/server/domain/ids";
import { KubeControlPlaneMetricsScraper } from "@/server/infra/kube/control-plane-metrics-scraper";
import { postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { CollectorMemory, type CollectControlPlaneMetricsDeps } from "@/server/services/cluster-metrics/cluster-metrics-deps";
import { collectControlPlaneMetrics } from "@/server/services/cluster-metrics/collect-control-plane-metrics";
import { rollUpControlPlaneMetrics } from "@/server/services/cluster-metrics/roll-up-control-plane-metrics";

/**
 * Control-plane metrics end to end (issue 14 part 2): the collector scrapes a real kube-apiserver (the stand-in
 * vCluster of a ready cluster, reached through the platform's kubeconfig resolver) under load the test makes,
 * the rollup and retention pass keeps the expected rows per tier, the history API is owner-scoped, and the
 * platform's /metrics registry shows the newest sample with a cluster_id label.
 */
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let deps: CollectControlPlaneMetricsDeps;
let ghostId: string;
const logs: Array<Record<string, unknown>> = [];

const HOUR = 3_600_000;

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("cluster_metrics", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  ready = await provisionReadyCluster({ kube, db: api.runtime.deps.db, ownerId: alice.id, name: "metrics-a" });
  // A "ready" row whose control plane does not exist: its scrape fails, the others go on.
  ghostId = newId("cl");
  await api.runtime.deps.db.cluster.create({
    data: { id: ghostId, ownerId: alice.id, name: "ghost", vclusterName: "ghost", namespace: "ghost-ns", status: "ready", controlPlaneHost: "127.0.0.1", publicAccessEnabled: true, publicAccessMode: "nodeport" },
  });
  const vcCore = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
  await registerNode(vcCore, "worker-ready");
  await postNodeStatus(vcCore, "worker-ready", "True");
  await registerNode(vcCore, "worker-down");
  await postNodeStatus(vcCore, "worker-down", "False", "10.20.0.12");
  deps = {
    db: api.runtime.deps.db,
    log: createLogger({ level: "info", write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) }),
    now: () => new Date(),
    resolver: api.runtime.clusterRuntime.resolver,
    scraper: new KubeControlPlaneMetricsScraper(),
    memory: new CollectorMemory(),
  };
});

afterAll(async () => {
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

/** A few hundred requests to the vCluster's API server through client-node: GETs, LISTs and 404s. */
async function generateLoad(): Promise<void> {
  const core = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
  const calls: Array<Promise<unknown>> = [];
  for (let i = 0; i < 100; i++) {
    calls.push(core.readNamespace({ name: "default" }));
    calls.push(core.listNamespace());
    calls.push(core.listNode());
    calls.push(core.readNamespace({ name: `missing-${i}` }).then(
      () => {
        throw new Error("expected a 404");
      },
      (error: unknown) => expect((error as { code?: number }).code).toBe(404),
    ));
  }
  await Promise.all(calls);
}

/** The finite upper bounds of the apiserver's request duration histogram, in ms. */
async function latencyBucketRangeMs(): Promise<{ min: number; max: number }> {
  const row = await api.runtime.deps.db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } });
  const { connectToCluster } = await import("@/server/services/clusters/connect-to-cluster");
  const connection = await connectToCluster(deps, row);
  const scrape = await deps.scraper.scrape(connection.credentials, { timeoutMs: 10_000 });
  const bounds = parsePromText(scrape.metricsText)
    .filter((s) => s.name === "apiserver_request_duration_seconds_bucket")
    .map((s) => parsePromNumber(s.labels.le!))
    .filter((le) => Number.isFinite(le));
  return { min: 0, max: Math.max(...bounds) * 1_000 };
}

const rawRows = (clusterId: string) => api.runtime.deps.db.controlPlaneMetricSample.findMany({ where: { clusterId, resolution: "raw" }, orderBy: { sampledAt: "asc" } });

describe("the collector against a real apiserver", () => {
  it("stores gauges only on the first pass, then positive rates and plausible latencies after load", async () => {
    const first = await collectControlPlaneMetrics(deps, { timeoutMs: 10_000, concurrency: 2 });
    expect(first.sampled).toEqual([ready.clusterId]);
    expect(first.failed).toEqual([ghostId]);
    await generateLoad();
    const second = await collectControlPlaneMetrics(deps, { timeoutMs: 10_000, concurrency: 2 });
    expect(second.sampled).toEqual([ready.clusterId]);

    const [a, b] = await rawRows(ready.clusterId);
    expect(a).toMatchObject({ apiRequestRate: null, apiErrorRate: null, apiLatencyP50Ms: null, apiLatencyP99Ms: null, nodeCount: 2, readyNodeCount: 1 });
    expect(a!.probeLatencyMs).toBeGreaterThan(0);
    expect(b!.apiRequestRate).toBeGreaterThan(0);
    // 400 requests happened between the scrapes (plus the scrape's own), over the elapsed seconds.
    const seconds = (b!.sampledAt.getTime() - a!.sampledAt.getTime()) / 1_000;
    expect(b!.apiRequestRate! * seconds).toBeGreaterThanOrEqual(400);
    // 404s are not errors; nothing answered 5xx or 429.
    expect(b!.apiErrorRate).toBe(0);
    const range = await latencyBucketRangeMs();
    expect(b!.apiLatencyP50Ms).toBeGreaterThan(range.min);
    expect(b!.apiLatencyP50Ms!).toBeLessThanOrEqual(b!.apiLatencyP99Ms!);
    expect(b!.apiLatencyP99Ms!).toBeLessThanOrEqual(range.max);
    // The apiserver exposes its inflight gauge (sampled by the apiserver, so 0 on an idle moment is fine).
    expect(b!.apiInflightRequests).toBeGreaterThanOrEqual(0);
    expect(b).toMatchObject({ nodeCount: 2, readyNodeCount: 1 });
    expect(b!.probeLatencyMs).toBeGreaterThan(0);
    // Stored objects per kind: a fresh apiserver counts them about a minute after start, until then no kind is listed.
    expect(b!.storedObjects).toEqual(expect.any(Object));
    expect(Object.values(b!.storedObjects as Record<string, number>).every((count) => count > 0)).toBe(true);
  });

  it("logs a failing cluster once per failure streak, without credentials, and stores nothing for it", async () => {
    await collectControlPlaneMetrics(deps, { timeoutMs: 10_000, concurrency: 2 });
    const failures = logs.filter((l) => l.msg === "could not collect a cluster's control-plane metrics; it gets no sample until it answers again");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ cluster_id: ghostId, level: "warn" });
    expect(JSON.stringify(logs)).not.toMatch(/BEGIN (RSA |EC )?PRIVATE KEY|BEGIN CERTIFICATE/);
    expect(await rawRows(ghostId)).toEqual([]);
  });
});

describe("rollup and retention", () => {
  let agedId: string;
  const now = new Date();
  const base = new Date(Math.floor((now.getTime() - 30 * HOUR) / HOUR) * HOUR);
  const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);

  beforeAll(async () => {
    agedId = newId("cl");
    const db = api.runtime.deps.db;
    await db.cluster.create({ data: { id: agedId, ownerId: alice.id, name: "aged", vclusterName: "aged", namespace: "aged-ns", status: "error" } });
    const raw = (minutes: number, rate: number) => ({ clusterId: agedId, resolution: "raw", sampledAt: at(minutes), apiRequestRate: rate, nodeCount: 3, readyNodeCount: 2, storedObjects: { pods: rate } });
    // 30 h old raw rows: two in the first 5 minutes of the hour, one in the next; past the raw tier's 24 h.
    await db.controlPlaneMetricSample.createMany({ data: [raw(0.5, 2), raw(3, 4), raw(7, 10)] });
    // A 5m row 8 days old and a 1h row 100 days old: both past retention.
    await db.controlPlaneMetricSample.createMany({
      data: [
        { clusterId: agedId, resolution: "5m", sampledAt: new Date(now.getTime() - 8 * 24 * HOUR), sampleCount: 10, apiRequestRate: 1 },
        { clusterId: agedId, resolution: "1h", sampledAt: new Date(now.getTime() - 100 * 24 * HOUR), sampleCount: 120, apiRequestRate: 1 },
      ],
    });
  });

  const tier = (resolution: string) =>
    api.runtime.deps.db.controlPlaneMetricSample.findMany({ where: { clusterId: agedId, resolution }, orderBy: { sampledAt: "asc" }, omit: { createdAt: true } });

  it("averages raw rows into 5m rows and 5m rows into 1h rows, then deletes each tier past retention", async () => {
    const result = await rollUpControlPlaneMetrics({ db: api.runtime.deps.db, now: () => now }, { rawHours: 24, fiveMinuteDays: 7, oneHourDays: 90 });
    expect(result.deleted).toMatchObject({ "5m": 1, "1h": 1 });
    expect(result.deleted.raw).toBeGreaterThanOrEqual(3);

    expect(await tier("raw")).toEqual([]);
    const fiveMinute = await tier("5m");
    // The 8-day-old 5m row is gone; the aged raw rows live on as two 5m rows.
    expect(fiveMinute.map((r) => [r.sampledAt.toISOString(), r.sampleCount, r.apiRequestRate, r.storedObjects])).toEqual([
      [at(0).toISOString(), 2, 3, { pods: 3 }],
      [at(5).toISOString(), 1, 10, { pods: 10 }],
    ]);
    expect(fiveMinute[0]).toMatchObject({ nodeCount: 3, readyNodeCount: 2, apiLatencyP99Ms: null });
    const hourly = await tier("1h");
    // The hour of the aged raw rows (weighted: (3·2 + 10·1) / 3) and the hour of the 8-day-old 5m row.
    expect(hourly.map((r) => [r.sampledAt.toISOString(), r.sampleCount])).toEqual([
      [new Date(Math.floor((now.getTime() - 8 * 24 * HOUR) / HOUR) * HOUR).toISOString(), 10],
      [base.toISOString(), 3],
    ]);
    expect(hourly[1]!.apiRequestRate).toBeCloseTo(16 / 3);
  });

  it("writes the same rows when it runs again", async () => {
    const before = [await tier("5m"), await tier("1h")];
    await rollUpControlPlaneMetrics({ db: api.runtime.deps.db, now: () => now }, { rawHours: 24, fiveMinuteDays: 7, oneHourDays: 90 });
    expect([await tier("5m"), await tier("1h")]).toEqual(before);
  });

  it("serves an old range from the finest tier that still holds it", async () => {
    const from = new Date(base.getTime() - HOUR).toISOString();
    const to = new Date(base.getTime() + HOUR).toISOString();
    const res = await api.rest("GET", `/clusters/${agedId}/metrics?from=${from}&to=${to}&metric=api_request_rate`, { cookie: alice.cookie });
    const body = (await res.json()) as ClusterMetricsOutput;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ resolution: "5m", step_seconds: 300, last_sampled_at: null });
    expect(body.series).toEqual([
      { metric: "api_request_rate", label: null, unit: "req/s", points: [{ t: at(0).toISOString(), v: 3 }, { t: at(5).toISOString(), v: 10 }] },
    ]);
  });
});

describe("the history API", () => {
  it("answers the owner with every metric's series from the raw tier", async () => {
    const res = await api.rest("GET", `/clusters/${ready.clusterId}/metrics`, { cookie: alice.cookie });
    const body = (await res.json()) as ClusterMetricsOutput;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ cluster_id: ready.clusterId, resolution: "raw", step_seconds: 30, last_sampled_at: expect.any(String) });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(HOUR);
    const scalar = body.series.filter((s) => s.metric !== "stored_objects").map((s) => s.metric);
    expect(scalar).toEqual(clusterMetricNames.filter((n) => n !== "stored_objects"));
    const rate = body.series.find((s) => s.metric === "api_request_rate")!;
    expect(rate.points.some((p) => p.v !== null && p.v > 0)).toBe(true);
    expect(body.series.find((s) => s.metric === "ready_node_count")!.points.every((p) => p.v === 1)).toBe(true);
  });

  it("answers another user NOT_FOUND and an administrator with the data", async () => {
    const res = await api.rest("GET", `/clusters/${ready.clusterId}/metrics`, { cookie: bob.cookie });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(`Cluster ${ready.clusterId} was not found.`);
    const admin = await api.login("admin@example.test", "correct-horse-battery-staple");
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/metrics?metric=node_count`, { cookie: admin.cookie })).status).toBe(200);
  });

  it("refuses unknown metrics, inverted ranges and bad steps with BAD_REQUEST", async () => {
    const unknown = await api.rest("GET", `/clusters/${ready.clusterId}/metrics?metric=cpu`, { cookie: alice.cookie });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toContain("api_request_rate");
    const inverted = await api.rest("GET", `/clusters/${ready.clusterId}/metrics?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z`, { cookie: alice.cookie });
    expect(inverted.status).toBe(400);
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/metrics?step=0`, { cookie: alice.cookie })).status).toBe(400);
  });
});

describe("the Prometheus view", () => {
  it("shows each recently sampled cluster's newest figures with a cluster_id label; a deleted cluster disappears", async () => {
    const text = await api.runtime.metrics.registry.metrics();
    const samples = parsePromText(text).filter((s) => s.labels.cluster_id === ready.clusterId);
    const value = (name: string, extra: Record<string, string> = {}) =>
      samples.find((s) => s.name === name && Object.entries(extra).every(([k, v]) => s.labels[k] === v))?.value;
    expect(value("kubebyon_cluster_api_requests_per_second")).toBeGreaterThanOrEqual(0);
    expect(value("kubebyon_cluster_nodes")).toBe(2);
    expect(value("kubebyon_cluster_ready_nodes")).toBe(1);
    expect(value("kubebyon_cluster_probe_latency_seconds")).toBeGreaterThan(0);
    expect(value("kubebyon_cluster_api_request_latency_seconds", { quantile: "0.99" })).toBeGreaterThan(0);
    expect(value("kubebyon_cluster_api_inflight_requests")).toBeGreaterThanOrEqual(0);
    expect(text).not.toContain(`cluster_id="${ghostId}"`);

    await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { status: "deleted" } });
    expect(await api.runtime.metrics.registry.metrics()).not.toContain(`cluster_id="${ready.clusterId}"`);
    await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { status: "ready" } });
  });
});

describe("the collector task in two job-processing processes", () => {
  it("scrapes from the leader only, and runs the rollup on its first pass", async () => {
    const databaseUrl = api.db.url;
    const passes: Record<string, Array<{ collected?: { sampled: string[] }; rolledUp?: unknown }>> = { one: [], two: [] };
    const before = (await rawRows(ready.clusterId)).length;
    const start = (owner: "one" | "two") =>
      startTestTask(
        controlPlaneMetricsTask,
        {
          ...deps,
          memory: new CollectorMemory(),
          settings: { timeoutMs: 10_000, concurrency: 2, retention: { rawHours: 24, fiveMinuteDays: 7, oneHourDays: 90 } },
          rollup: { lastAt: undefined },
        },
        {
          intervalMs: 300,
          claims: leaderClaimsOn(databaseUrl, `test-${owner}`),
          log: deps.log,
          onPass: (pass) => {
            if (!(pass instanceof Error)) passes[owner]!.push(pass);
          },
        },
      );
    const one = start("one");
    await expect.poll(() => passes.one!.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const two = start("two");
    await expect.poll(() => passes.one!.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await two.stop();
    await one.stop();
    expect(passes.two).toEqual([]);
    expect(passes.one![0]!.rolledUp).toBeDefined();
    expect(passes.one!.slice(1).every((p) => p.rolledUp === undefined)).toBe(true);
    // Stopping aborts a scrape in flight; every other pass of the leader sampled the cluster once.
    const sampling = passes.one!.filter((p) => p.collected!.sampled.includes(ready.clusterId)).length;
    expect(sampling).toBeGreaterThanOrEqual(passes.one!.length - 1);
    expect((await rawRows(ready.clusterId)).length - before).toBe(sampling);
  });
});
