import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createNetnsPair, type NetnsPair } from "@e2e/env/netns-pair";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { KubeJoinedNodeRouteReader } from "@/server/infra/kube/joined-node-route-reader";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { IpRouteCli } from "@/server/infra/net/ip-route-cli";
import { createLogger } from "@/server/observability/logger";
import { joinedNodeRouteSources } from "./list-joined-node-routes";
import { startTestTask } from "@e2e/env/background-task";
import { localPodRoutesTask } from "./pod-routes.task";

// Local mode end to end: the loop reads the joined Nodes of a ready cluster through its stand-in vCluster (Nodes
// created with spec.podCIDR and an InternalIP, as the cluster's controller-manager and kubelet leave them) and
// converges the routes in a network namespace that plays this process's host (IpRouteCli's netns option), with a
// second namespace playing the joined node that serves HTTP on a pod IP.
const PROTO = 211;
let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let ready: ReadyCluster;
let pair: NetnsPair;
let vcCore: CoreV1Api;
let stopLoop: (() => Promise<void>) | undefined;
const lines: Array<{ level: string; msg: string; [k: string]: unknown }> = [];

const marked = async () => (await pair.hostRoutes()).filter((l) => l.endsWith(`proto ${PROTO}`));

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("pod_route_loop");
  db = createPrismaClient(database.url);
  const { userId } = await insertTestCluster(db);
  ready = await provisionReadyCluster({ kube, db, ownerId: userId, name: "routed" });
  await db.cluster.update({ where: { id: ready.clusterId }, data: { managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "ready" } });
  pair = await createNetnsPair("kb-lm");
  vcCore = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
  await vcCore.createNode({ body: { metadata: { name: "worker-1" }, spec: { podCIDR: pair.podCidr, podCIDRs: [pair.podCidr] }, status: { addresses: [{ type: "InternalIP", address: pair.nodeIp }] } } });
  // A node the controller-manager has not given a pod CIDR yet: refused, not routed.
  await vcCore.createNode({ body: { metadata: { name: "worker-2" }, status: { addresses: [{ type: "InternalIP", address: pair.nodeIp }] } } });
  // A cluster whose managed ingress is not ready: not the workload edge's yet.
  const other = await insertTestCluster(db);
  await db.cluster.update({ where: { id: other.clusterId }, data: { status: "ready", managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "provisioning" } });
}, 240_000);

afterAll(async () => {
  await stopLoop?.();
  await pair?.close();
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await kube?.stop();
});

describe("local mode: the PodCIDR route task", () => {
  it("routes each joined node's pod CIDR via its InternalIP on the host, and a real request reaches the pod IP", async () => {
    expect(await pair.fetchFromHost("/before")).toMatch(/^ERR/);
    const log = createLogger({ level: "info", write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) });
    const running = startTestTask(
      localPodRoutesTask,
      {
        source: joinedNodeRouteSources({ db, resolver: new VclusterKubeconfigResolver({ kubeConfig: kube.kubeConfig(), route: "cluster-ip" }), reader: new KubeJoinedNodeRouteReader() }),
        table: new IpRouteCli({ protocol: PROTO, netns: pair.host }),
      },
      { intervalMs: 500, log },
    );
    stopLoop = () => running.stop();
    await expect.poll(marked, { timeout: 20_000, interval: 200 }).toEqual([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    expect(await pair.fetchFromHost("/hello")).toBe("pod /hello");
    const converged = lines.find((l) => l.msg === "PodCIDR routes converged on this host");
    expect(converged?.refused).toEqual([expect.objectContaining({ cluster_id: ready.clusterId, node: "worker-2", reason: "no-pod-cidr" })]);
    // A steady table writes no further line.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(lines.filter((l) => l.msg.startsWith("PodCIDR route"))).toHaveLength(1);
  });

  it("keeps the routes of a cluster it cannot read, and says why", async () => {
    // Not ready to connect (connectToCluster refuses it) while its managed ingress stays ready.
    await db.cluster.update({ where: { id: ready.clusterId }, data: { status: "error" } });
    await expect.poll(() => lines.filter((l) => l.msg === "PodCIDR routes converged on this host").length, { timeout: 10_000 }).toBe(2);
    const last = lines.filter((l) => l.msg === "PodCIDR routes converged on this host").at(-1)!;
    expect(last.unreadable).toEqual([{ cluster_id: ready.clusterId, message: expect.stringContaining("is error") }]);
    expect(await marked()).toEqual([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    expect(await pair.fetchFromHost("/still")).toBe("pod /still");
    await db.cluster.update({ where: { id: ready.clusterId }, data: { status: "ready" } });
  });

  it("deletes the route of a node that left the cluster", async () => {
    await vcCore.deleteNode({ name: "worker-1" });
    await expect.poll(marked, { timeout: 20_000, interval: 200 }).toEqual([]);
    expect(await pair.fetchFromHost("/gone")).toMatch(/^ERR/);
  });

  it("deletes every route when the cluster's workload edge goes (managed ingress disabled)", async () => {
    await vcCore.createNode({ body: { metadata: { name: "worker-3" }, spec: { podCIDR: pair.otherCidr(1) }, status: { addresses: [{ type: "InternalIP", address: pair.nodeIp }] } } });
    await expect.poll(marked, { timeout: 20_000, interval: 200 }).toEqual([`${pair.otherCidr(1)} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    await db.cluster.update({ where: { id: ready.clusterId }, data: { managedWorkloadIngressEnabled: false, managedWorkloadIngressStatus: "disabled" } });
    await expect.poll(marked, { timeout: 20_000, interval: 200 }).toEqual([]);
  });
});
