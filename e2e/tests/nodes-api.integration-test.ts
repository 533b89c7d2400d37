import { randomUUID } from "node:crypto";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { kubeObjectExists } from "@e2e/env/kube/object-exists";
import { playKubeletDeletions } from "@e2e/env/kubelet-stand-in";
import { waitUntil } from "@e2e/env/kube/wait-until";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { createNodeObserver } from "@/server/composition/node-observer";
import type { NodeObserver } from "@/server/services/nodes/node-observer";
import { evaluateKubectlCommand } from "@/server/domain/kubectl/kubectl-policy";
import { postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { startNodeObserverRescans } from "@e2e/env/background-task";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";

/**
 * Nodes, node events, node operations and the read-only kubectl proxy through
 * the REST adapter, against a real ready cluster (a stand-in vCluster reached
 * on its NodePort path). The test plays the kubelet on the virtual cluster;
 * the node observer the web process runs in single-node mode writes the
 * timeline, so timeline checks wait for it.
 */
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let vcCore: CoreV1Api;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let clusterId: string;
let observer: NodeObserver;

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("nodes_api", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath, KUBEBYON_KUBECTL_BIN: kube.tools.kubectl, KUBEBYON_NODE_OBSERVER_RESCAN_SECONDS: "1" });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  ready = await provisionReadyCluster({ kube, db: api.runtime.deps.db, ownerId: alice.id, name: "nodes-a" });
  clusterId = ready.clusterId;
  vcCore = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
  observer = startNodeObserverRescans(
    createNodeObserver(api.runtime, "nodes-api-test", new PgAdvisoryClaims({ connectionString: api.db.url, lockClass: sessionLocks.nodeObserverClaimsClass, applicationName: "nodes-api-test observer" })),
    api.runtime.config.nodeObserverRescanSeconds * 1_000,
  );
  await waitUntil("the node observer to watch the cluster", async () => (observer.observedClusterIds().includes(clusterId) ? true : undefined), { timeoutMs: 15_000 });
});

afterAll(async () => {
  await observer?.stop();
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

type Json = Record<string, unknown>;
type NodeItem = { name: string; status: string; unschedulable: boolean; internal_ip: string | null; kubelet_version: string | null };
type EventItem = { id: string; node_id: string | null; node_name: string; type: string; observed_at: string };

async function call(method: "GET" | "POST" | "DELETE", path: string, init: { cookie?: string; token?: string; body?: unknown } = {}) {
  const res = await api.rest(method, path, init);
  return { status: res.status, body: (await res.json()) as Json };
}

const listNodes = async (auth: { cookie?: string; token?: string } = { cookie: alice.cookie }) => {
  const res = await call("GET", `/nodes?cluster_id=${clusterId}`, auth);
  expect(res.status).toBe(200);
  return res.body.items as NodeItem[];
};

/** The newest event type once the observer has recorded it. */
const latestEventType = () => expect.poll(async () => (await events("&limit=1"))[0]?.type, { timeout: 15_000, interval: 100 });

const events = async (query = "") => {
  const res = await call("GET", `/node-events?cluster_id=${clusterId}${query}`, { cookie: alice.cookie });
  expect(res.status).toBe(200);
  return res.body.items as EventItem[];
};

const nodeExists = (name: string) => kubeObjectExists(() => vcCore.readNode({ name }));

describe("nodes and node events", () => {
  it("lists the live nodes: not_ready after the kubelet registers, ready once it reports Ready", async () => {
    expect(await listNodes()).toEqual([]);
    await registerNode(vcCore, "worker-1");
    await postNodeStatus(vcCore, "worker-1", "False");
    const first = await listNodes();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: "worker-1", status: "not_ready", unschedulable: false, internal_ip: "10.20.0.11", kubelet_version: "v1.37.2" });

    await postNodeStatus(vcCore, "worker-1", "True");
    expect((await listNodes()).map((n) => `${n.name}:${n.status}`)).toEqual(["worker-1:ready"]);
    // Listing writes nothing (spec §5.7); the observer's snapshot catches up by itself.
    await expect
      .poll(() => api.runtime.deps.db.node.findFirst({ where: { clusterId, name: "worker-1" } }), { timeout: 15_000, interval: 100 })
      .toMatchObject({ status: "ready", deletedAt: null });
  });

  it("returns the node timeline newest first, filtered by type and node, with bounded limits", async () => {
    await expect.poll(async () => (await events()).length, { timeout: 15_000 }).toBe(2);
    const all = await events();
    expect(all.map((e) => `${e.node_name}:${e.type}`)).toEqual(["worker-1:ready", "worker-1:joined"]);
    expect(Date.parse(all[0]!.observed_at)).toBeGreaterThan(Date.parse(all[1]!.observed_at));

    expect((await events("&type=joined")).map((e) => e.type)).toEqual(["joined"]);
    expect((await events("&limit=1")).map((e) => e.type)).toEqual(["ready"]);
    const nodeId = all[0]!.node_id!;
    expect((await events(`&node_id=${nodeId}`)).length).toBe(2);
    expect(await events("&node_id=nd_unknown")).toEqual([]);
    expect((await events("&node_name=worker-1")).map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(await events("&node_name=ghost")).toEqual([]);

    for (const bad of ["0", "501", "abc"]) {
      const res = await call("GET", `/node-events?cluster_id=${clusterId}&limit=${bad}`, { cookie: alice.cookie });
      expect(res.status, `limit=${bad}`).toBe(400);
    }
    const badType = await call("GET", `/node-events?cluster_id=${clusterId}&type=exploded`, { cookie: alice.cookie });
    expect(badType.status).toBe(400);
  });
});

describe("node operations", () => {
  it("cordons and uncordons in the cluster, records the events and audits both", async () => {
    const cordoned = await call("POST", "/nodes/worker-1/cordon", { cookie: alice.cookie, body: { cluster_id: clusterId } });
    expect(cordoned).toMatchObject({ status: 200, body: { node_name: "worker-1", unschedulable: true } });
    expect((await vcCore.readNode({ name: "worker-1" })).spec?.unschedulable).toBe(true);
    await latestEventType().toBe("cordoned");

    const uncordoned = await call("POST", "/nodes/worker-1/uncordon", { cookie: alice.cookie, body: { cluster_id: clusterId } });
    expect(uncordoned.status).toBe(200);
    expect((await vcCore.readNode({ name: "worker-1" })).spec?.unschedulable).not.toBe(true);
    await latestEventType().toBe("uncordoned");

    const audits = await api.runtime.deps.db.auditEvent.findMany({ where: { actorUserId: alice.id, targetId: `${clusterId}/worker-1` }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["node.cordon", "node.uncordon"]);

    const ghost = await call("POST", "/nodes/ghost/cordon", { cookie: alice.cookie, body: { cluster_id: clusterId } });
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe("Node ghost was not found.");
  });

  const podOnWorker1 = (name: string, extra: { owner?: string; emptyDir?: boolean } = {}) =>
    vcCore.createNamespacedPod({
      namespace: "default",
      body: {
        metadata: { name, ownerReferences: extra.owner ? [{ apiVersion: "apps/v1", kind: extra.owner, name: `${name}-owner`, uid: randomUUID(), controller: true }] : undefined },
        spec: {
          nodeName: "worker-1",
          containers: [{ name: "app", image: "registry.invalid/app:1" }],
          volumes: extra.emptyDir ? [{ name: "scratch", emptyDir: {} }] : undefined,
        },
      },
    });

  it("refuses to drain a node holding an unmanaged Pod and a Pod with emptyDir data, names them, changes nothing", async () => {
    // The ServiceAccount admission plugin needs it; the controller manager would create it.
    await vcCore.createNamespacedServiceAccount({ namespace: "default", body: { metadata: { name: "default" } } });
    await podOnWorker1("web");
    await podOnWorker1("cache", { owner: "ReplicaSet", emptyDir: true });
    await podOnWorker1("agent", { owner: "DaemonSet", emptyDir: true });

    const res = await call("POST", "/nodes/worker-1/drain", { cookie: alice.cookie, body: { cluster_id: clusterId, timeout_seconds: 20 } });
    expect(res.status).toBe(412);
    const message = res.body.message as string;
    expect(message).toMatch(/^Drain of node worker-1 was refused and nothing was changed/);
    expect(message).toMatch(/not managed by a controller .*: default\/web\. Set "force"/);
    expect(message).toMatch(/with emptyDir volumes would lose that data: default\/cache\. Set "delete_emptydir_data"/);
    expect(message).not.toContain("default/agent");
    expect((await vcCore.readNode({ name: "worker-1" })).spec?.unschedulable).not.toBe(true);
    for (const name of ["web", "cache", "agent"]) expect((await vcCore.readNamespacedPod({ name, namespace: "default" })).metadata?.deletionTimestamp, name).toBeUndefined();

    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "node.drain_failed", targetId: `${clusterId}/worker-1` } });
    expect(audit.result).toBe("failure");
    expect(audit.metadata).toEqual({
      cluster_id: clusterId,
      node_name: "worker-1",
      timeout_seconds: 20,
      force: false,
      delete_emptydir_data: false,
      ignore_daemonsets: true,
      reason: "pods_need_consent",
      unmanaged_pods: ["default/web"],
      emptydir_pods: ["default/cache"],
    });
  });

  it("drains with force and delete_emptydir_data and returns the per-pod report; DaemonSet pods stay", async () => {
    const stopKubelet = playKubeletDeletions(vcCore, "worker-1");
    try {
      const res = await call("POST", "/nodes/worker-1/drain", {
        cookie: alice.cookie,
        body: { cluster_id: clusterId, timeout_seconds: 20, force: true, delete_emptydir_data: true },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ node: "worker-1", completed: true });
      const pods = res.body.pods as Array<{ name: string; outcome: string }>;
      expect(pods.map((p) => `${p.name}:${p.outcome}`)).toEqual(["agent:skipped_daemonset", "cache:evicted", "web:evicted"]);
    } finally {
      await stopKubelet();
    }
    expect((await vcCore.readNode({ name: "worker-1" })).spec?.unschedulable).toBe(true);
    expect(await kubeObjectExists(() => vcCore.readNamespacedPod({ name: "agent", namespace: "default" }))).toBe(true);
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "node.drain", targetId: `${clusterId}/worker-1` } });
    expect(audit.metadata).toMatchObject({ force: true, delete_emptydir_data: true, ignore_daemonsets: true, completed: true, pods: 3, pods_not_evicted: 0 });
    expect(await api.runtime.deps.db.auditEvent.count({ where: { action: "node.drain", targetId: `${clusterId}/worker-1` } })).toBe(1);

    const unknown = await call("POST", "/nodes/ghost/drain", { cookie: alice.cookie, body: { cluster_id: clusterId } });
    expect(unknown.status).toBe(404);
    const tooLong = await call("POST", "/nodes/worker-1/drain", { cookie: alice.cookie, body: { cluster_id: clusterId, timeout_seconds: 601 } });
    expect(tooLong.status).toBe(400);
    // The REST adapter coerces plain z.boolean() fields, and Boolean("false") is true: these must be refused instead.
    for (const body of [{ force: "false" }, { force: "yes" }, { delete_emptydir_data: "false" }, { force: 1 }]) {
      const notBoolean = await call("POST", "/nodes/worker-1/drain", { cookie: alice.cookie, body: { cluster_id: clusterId, ...body } });
      expect(notBoolean.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(notBoolean.body), JSON.stringify(body)).toMatch(/must be true or false/);
    }
  });
});

describe("kubectl proxy", () => {
  it("runs a read-only command given as a line or as args", async () => {
    const line = await call("POST", `/clusters/${clusterId}/kubectl`, { cookie: alice.cookie, body: { command: "get nodes -o name" } });
    expect(line.status).toBe(200);
    expect(line.body).toMatchObject({ exit_code: 0, stdout: "node/worker-1\n", truncated: false, timed_out: false });
    expect(line.body.duration_ms).toEqual(expect.any(Number));

    const args = await call("POST", `/clusters/${clusterId}/kubectl`, { cookie: alice.cookie, body: { args: ["kubectl", "get", "nodes", "-o", "name"] } });
    expect(args.body).toMatchObject({ exit_code: 0, stdout: "node/worker-1\n" });

    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "cluster.kubectl", targetId: clusterId }, orderBy: { createdAt: "asc" } });
    expect(audit.metadata).toEqual({ command: "get nodes -o name", allowed: true, exit_code: 0, timed_out: false });
  });

  it("refuses a write with the policy's reason and runs nothing", async () => {
    const denied = await call("POST", `/clusters/${clusterId}/kubectl`, { cookie: alice.cookie, body: { command: "delete node worker-1" } });
    expect(denied.status).toBe(403);
    const decision = evaluateKubectlCommand("delete node worker-1");
    expect(decision.allowed).toBe(false);
    expect(denied.body.message).toBe(decision.allowed ? "" : decision.reason);
    expect(await nodeExists("worker-1")).toBe(true);
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "cluster.kubectl", targetId: clusterId }, orderBy: { createdAt: "desc" } });
    expect(audit.metadata).toMatchObject({ command: "delete node worker-1", allowed: false });

    const both = await call("POST", `/clusters/${clusterId}/kubectl`, { cookie: alice.cookie, body: { command: "get pods", args: ["get", "pods"] } });
    expect(both.status).toBe(400);
  });

  it("refuses file-reading printers naming the flag, and audits refused commands with secrets redacted", async () => {
    const columns = await call("POST", `/clusters/${clusterId}/kubectl`, { cookie: alice.cookie, body: { command: "get nodes -o custom-columns-file=/etc/passwd" } });
    expect(columns.status).toBe(403);
    expect(columns.body.message).toMatch(/^-o\/--output custom-columns-file reads a file on the console's server/);

    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl";
    const pasted = await call("POST", `/clusters/${clusterId}/kubectl`, {
      cookie: alice.cookie,
      body: { command: `get pods --token ${jwt} --password=hunter2-pw --client-key /root/admin.key` },
    });
    expect(pasted.status).toBe(403);
    const asArgs = await call("POST", `/clusters/${clusterId}/kubectl`, {
      cookie: alice.cookie,
      body: { args: ["get", "pods", "--my-secret=s3cr3t-value", "--header", `Bearer ${jwt}`] },
    });
    expect(asArgs.status).toBe(403);

    const rows = await api.runtime.deps.db.auditEvent.findMany({ where: { action: "cluster.kubectl", targetId: clusterId }, orderBy: { createdAt: "desc" }, take: 3 });
    expect(rows.map((r) => r.metadata)).toEqual([
      { command: "get pods --my-secret=[redacted] --header 'Bearer [redacted]'", allowed: false, category: "flag" },
      { command: "get pods --token [redacted] --password=[redacted] --client-key [redacted]", allowed: false, category: "flag" },
      { command: "get nodes -o custom-columns-file=/etc/passwd", allowed: false, category: "flag" },
    ]);
    expect(rows.map((r) => r.result)).toEqual(["failure", "failure", "failure"]);
    const stored = JSON.stringify(rows);
    for (const secret of [jwt, "hunter2-pw", "/root/admin.key", "s3cr3t-value"]) expect(stored).not.toContain(secret);
  });
});

describe("access", () => {
  it("answers 404 to another user on every path, and changes nothing", async () => {
    const auth = { cookie: bob.cookie };
    const attempts = [
      await call("GET", `/nodes?cluster_id=${clusterId}`, auth),
      await call("GET", `/nodes/worker-1?cluster_id=${clusterId}`, auth),
      await call("GET", `/node-events?cluster_id=${clusterId}`, auth),
      await call("POST", "/nodes/worker-1/cordon", { ...auth, body: { cluster_id: clusterId } }),
      await call("POST", "/nodes/worker-1/uncordon", { ...auth, body: { cluster_id: clusterId } }),
      await call("POST", "/nodes/worker-1/drain", { ...auth, body: { cluster_id: clusterId } }),
      await call("DELETE", `/nodes/worker-1?cluster_id=${clusterId}`, auth),
      await call("POST", `/clusters/${clusterId}/kubectl`, { ...auth, body: { command: "get nodes" } }),
      await call("POST", `/clusters/${clusterId}/kubectl`, { ...auth, body: { command: "delete node worker-1" } }),
    ];
    expect(attempts.map((a) => a.status)).toEqual(Array(attempts.length).fill(404));
    expect(attempts[0]!.body.message).toBe(`Cluster ${clusterId} was not found.`);
    expect(await nodeExists("worker-1")).toBe(true);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { actorUserId: bob.id, action: { startsWith: "node." } } })).toBe(0);
  });

  it("serves API-key (Bearer) clients on the same paths", async () => {
    const created = await call("POST", "/api-keys", { cookie: alice.cookie, body: { name: "ci", current_password: "alice-password-123" } });
    const token = created.body.secret as string;
    expect((await listNodes({ token })).map((n) => n.name)).toEqual(["worker-1"]);
    const kubectl = await call("POST", `/clusters/${clusterId}/kubectl`, { token, body: { args: ["get", "nodes", "-o", "name"] } });
    expect(kubectl.body).toMatchObject({ exit_code: 0, stdout: "node/worker-1\n" });
    const uncordon = await call("POST", "/nodes/worker-1/uncordon", { token, body: { cluster_id: clusterId } });
    expect(uncordon.status).toBe(200);
    expect((await vcCore.readNode({ name: "worker-1" })).spec?.unschedulable).not.toBe(true);
  });

  it("deletes the Node object and records it on the timeline", async () => {
    const res = await call("DELETE", `/nodes/worker-1?cluster_id=${clusterId}`, { cookie: alice.cookie });
    expect(res).toMatchObject({ status: 200, body: { node_name: "worker-1", deleted: true } });
    expect(await nodeExists("worker-1")).toBe(false);
    await latestEventType().toBe("deleted");
    expect((await events("&limit=1"))[0]).toMatchObject({ node_name: "worker-1", type: "deleted" });
    expect(await listNodes()).toEqual([]);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { action: "node.delete", targetId: `${clusterId}/worker-1` } })).toBe(1);
  });
});

describe("paging the live list", () => {
  it("pages through more nodes than `limit` with the API server's continue token as the cursor, each once, in name order", async () => {
    const names = ["page-a", "page-b", "page-c", "page-d", "page-e"];
    for (const name of [...names].reverse()) await registerNode(vcCore, name);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/nodes?cluster_id=${clusterId}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await call("GET", query, { cookie: alice.cookie });
      expect(res.status).toBe(200);
      sizes.push((res.body.items as NodeItem[]).length);
      seen.push(...(res.body.items as NodeItem[]).map((n) => n.name));
      cursor = res.body.next_cursor as string | null;
    } while (cursor && sizes.length < 10);
    expect(seen).toEqual(names);
    expect(sizes).toEqual([2, 2, 1]);
    const all = await call("GET", `/nodes?cluster_id=${clusterId}`, { cookie: alice.cookie });
    expect(all.body).toMatchObject({ next_cursor: null, items: names.map((name) => expect.objectContaining({ name })) });
  });

  it("reads one node on its own, whichever page it is on, and answers 404 for one that does not exist", async () => {
    const one = await call("GET", `/nodes/page-e?cluster_id=${clusterId}`, { cookie: alice.cookie });
    expect(one).toMatchObject({ status: 200, body: { name: "page-e", status: "unknown" } });
    const ghost = await call("GET", `/nodes/ghost?cluster_id=${clusterId}`, { cookie: alice.cookie });
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe(`Node ghost in cluster ${clusterId} was not found.`);
  });

  it("answers a cursor the cluster did not issue, or a bad limit, with a 400 that says to start again", async () => {
    const bad = await call("GET", `/nodes?cluster_id=${clusterId}&cursor=garbage`, { cookie: alice.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page.");
    for (const limit of ["0", "201"]) expect((await call("GET", `/nodes?cluster_id=${clusterId}&limit=${limit}`, { cookie: alice.cookie })).status, `limit=${limit}`).toBe(400);
  });
});
