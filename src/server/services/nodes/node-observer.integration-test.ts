import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { nodeObserverTestDeps } from "@e2e/env/node-observer-deps";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { mergePatch, postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { NodeObserver } from "./node-observer";
import { startNodeObserverRescans } from "@e2e/env/background-task";

/**
 * The node observer against a real ready cluster (stand-in vCluster reached on
 * its NodePort path) and real PostgreSQL: the test plays the kubelet and
 * checks what lands in `nodes` and `node_events`, and that two observers
 * (two processes) never watch the same cluster at once.
 */
let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let ready: ReadyCluster;
let vcCore: CoreV1Api;
type LogLine = { msg: string; cluster_id?: string; observer?: string };
const logs: LogLine[] = [];
const observers: NodeObserver[] = [];

function startObserver(name: string): NodeObserver {
  const log = createLogger({ level: "info", base: { observer: name }, write: (line) => logs.push(JSON.parse(line) as LogLine) });
  const observer = new NodeObserver(
    nodeObserverTestDeps({ db, databaseUrl: database.url, kube, log, applicationName: `observer-test ${name}` }),
    // The kubelet registers its Node, then posts its status: two writes the observer merges within
    // settleMs. 50 ms was shorter than that gap on a loaded 2-core machine (a stray unknown → not_ready).
    { settleMs: 1_000 },
  );
  observers.push(observer);
  startNodeObserverRescans(observer, 300);
  return observer;
}

async function timeline(): Promise<string[]> {
  const rows = await db.nodeEvent.findMany({ where: { clusterId: ready.clusterId }, orderBy: [{ observedAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => `${r.nodeName}:${r.type}`);
}

const waitForTimeline = (expected: string[]) => expect.poll(timeline, { timeout: 15_000, interval: 100 }).toEqual(expected);

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("node_observer");
  db = createPrismaClient(database.url);
  const { userId } = await insertTestCluster(db);
  ready = await provisionReadyCluster({ kube, db, ownerId: userId, name: "observed" });
  vcCore = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
});

afterAll(async () => {
  await Promise.all(observers.map((o) => o.stop()));
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await kube?.stop();
});

describe("NodeObserver", () => {
  let first: NodeObserver;
  let second: NodeObserver;

  it("watches each ready cluster from exactly one process, and skips one it cannot reach without giving up", async () => {
    // A ready row whose vc-<name> Secret does not exist: unreachable, must not disturb the other cluster.
    const broken = await insertTestCluster(db);
    await db.cluster.update({ where: { id: broken.clusterId }, data: { status: "ready", publicAccessEnabled: false, publicAccessMode: "off" } });

    first = startObserver("first");
    await expect.poll(() => first.observedClusterIds(), { timeout: 10_000 }).toEqual([ready.clusterId]);
    second = startObserver("second");
    await second.rescan();
    expect(second.observedClusterIds()).not.toContain(ready.clusterId);

    await expect
      .poll(() => logs.filter((r) => r.msg.startsWith("cannot observe") && r.cluster_id === broken.clusterId).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    // Each observer logs it once per distinct error, not on every 300 ms rescan.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const name of ["first", "second"]) {
      const failures = logs.filter((r) => r.msg.startsWith("cannot observe") && r.cluster_id === broken.clusterId && r.observer === name);
      expect(failures.length, name).toBeLessThanOrEqual(1);
    }
    expect(first.observedClusterIds()).toContain(ready.clusterId);
    await db.cluster.update({ where: { id: broken.clusterId }, data: { status: "error" } });
  });

  it("records joined, ready, cordoned, offline and deleted as the kubelet and operators act", async () => {
    await registerNode(vcCore, "worker-1");
    await postNodeStatus(vcCore, "worker-1", "False");
    await waitForTimeline(["worker-1:joined"]);
    const row = await db.node.findFirstOrThrow({ where: { clusterId: ready.clusterId, name: "worker-1" } });
    expect(row).toMatchObject({ status: "not_ready", internalIp: "10.20.0.11", deletedAt: null });

    await postNodeStatus(vcCore, "worker-1", "True");
    await waitForTimeline(["worker-1:joined", "worker-1:ready"]);

    await vcCore.patchNode({ name: "worker-1", body: { spec: { unschedulable: true } } }, mergePatch);
    await waitForTimeline(["worker-1:joined", "worker-1:ready", "worker-1:cordoned"]);

    // What the node lifecycle controller writes when heartbeats stop.
    await postNodeStatus(vcCore, "worker-1", "Unknown");
    await waitForTimeline(["worker-1:joined", "worker-1:ready", "worker-1:cordoned", "worker-1:offline"]);

    await vcCore.deleteNode({ name: "worker-1" });
    await waitForTimeline(["worker-1:joined", "worker-1:ready", "worker-1:cordoned", "worker-1:offline", "worker-1:deleted"]);
    expect((await db.node.findFirstOrThrow({ where: { clusterId: ready.clusterId, name: "worker-1" } })).deletedAt).not.toBeNull();
  });

  it("hands the cluster over when its observer stops, catching up on what changed in between", async () => {
    await first.stop();
    await registerNode(vcCore, "worker-2");
    await postNodeStatus(vcCore, "worker-2", "True", "10.20.0.12");

    await expect.poll(() => second.observedClusterIds(), { timeout: 10_000 }).toEqual([ready.clusterId]);
    await waitForTimeline(["worker-1:joined", "worker-1:ready", "worker-1:cordoned", "worker-1:offline", "worker-1:deleted", "worker-2:joined", "worker-2:ready"]);
  });

  it("stops watching a cluster that is being deleted", async () => {
    await db.cluster.update({ where: { id: ready.clusterId }, data: { status: "deleting" } });
    await expect.poll(() => second.observedClusterIds(), { timeout: 10_000 }).toEqual([]);
    await postNodeStatus(vcCore, "worker-2", "False", "10.20.0.12");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await timeline()).at(-1)).toBe("worker-2:ready");
  });
});
