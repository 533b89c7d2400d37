import net from "node:net";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { NodeWatchEvent, NodeWatcher } from "@/server/services/nodes/ports";
import { mergePatch, postNodeStatus, registerNode, vclusterCredentials } from "./node-kubelet.test-fixtures";
import { KubeNodeWatcher } from "./node-watcher";

let cluster: KubeCluster;
let vc: VirtualCluster;
let credentials: ClusterCredentials;
let core: CoreV1Api;

beforeAll(async () => {
  cluster = await startKubeCluster({ controllerManager: true });
  vc = await cluster.startVirtualCluster({ name: "nodes-watch", namespace: "team-watch" });
  credentials = await vclusterCredentials(cluster, vc);
  core = vc.kubeConfig().makeApiClient(CoreV1Api);
});
afterAll(() => cluster?.stop());

const label = (e: NodeWatchEvent) => (e.type === "error" ? "error" : `${e.type}:${e.node.name}:${e.node.status}${e.node.unschedulable ? ":cordoned" : ""}`);

/** Consumes a watch in the background so the test can wait for events. */
function collect(watcher: NodeWatcher, creds: ClusterCredentials) {
  const controller = new AbortController();
  const events: NodeWatchEvent[] = [];
  const finished = (async () => {
    for await (const e of watcher.watch(creds, controller.signal)) events.push(e);
  })();
  return {
    events,
    labels: () => events.filter((e) => e.type !== "error").map(label),
    errors: () => events.filter((e): e is Extract<NodeWatchEvent, { type: "error" }> => e.type === "error"),
    async waitFor(predicate: (e: NodeWatchEvent) => boolean, what: string, timeoutMs = 15_000): Promise<NodeWatchEvent> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = events.find(predicate);
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs} ms; got ${events.map(label).join(", ")}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      controller.abort();
      await finished;
    },
    finished,
  };
}

const is = (type: string, name: string, status?: string) => (e: NodeWatchEvent) =>
  e.type !== "error" && e.type === type && e.node.name === name && (status === undefined || e.node.status === status);

/** A TCP relay in front of the API server whose connections the test can cut (TLS passes through). */
async function startRelay(target: URL, port = 0): Promise<{ server: string; port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
  const address = relay.address() as net.AddressInfo;
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    server: `https://127.0.0.1:${address.port}`,
    port: address.port,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        relay.close(() => resolve());
      }),
  };
}

describe("KubeNodeWatcher against a vCluster", () => {
  it("replays existing nodes, then streams joins, status changes, cordons and deletions", async () => {
    await registerNode(core, "w-existing");
    const watch = collect(new KubeNodeWatcher(), credentials);
    try {
      await watch.waitFor(is("ADDED", "w-existing", "unknown"), "replayed ADDED");
      await registerNode(core, "w-new");
      await watch.waitFor(is("ADDED", "w-new"), "ADDED of the new node");
      await postNodeStatus(core, "w-new", "False");
      await watch.waitFor(is("MODIFIED", "w-new", "not_ready"), "NotReady");
      await postNodeStatus(core, "w-new", "True");
      const ready = await watch.waitFor(is("MODIFIED", "w-new", "ready"), "Ready");
      expect(ready.type !== "error" && ready.node.internal_ip).toBe("10.20.0.11");
      await core.patchNode({ name: "w-new", body: { spec: { unschedulable: true } } }, mergePatch);
      await watch.waitFor((e) => e.type === "MODIFIED" && e.node.unschedulable, "cordon");
      await core.deleteNode({ name: "w-new" });
      await watch.waitFor(is("DELETED", "w-new"), "DELETED");
      expect(watch.labels()).toEqual([
        "ADDED:w-existing:unknown",
        "ADDED:w-new:unknown",
        "MODIFIED:w-new:not_ready",
        "MODIFIED:w-new:ready",
        "MODIFIED:w-new:ready:cordoned",
        "DELETED:w-new:ready:cordoned",
      ]);
      expect(watch.errors()).toEqual([]);
    } finally {
      await watch.stop();
      await core.deleteNode({ name: "w-existing" });
    }
  });

  it("resumes transparently after the API server ends the watch (timeoutSeconds)", async () => {
    await registerNode(core, "w-resume");
    const watch = collect(new KubeNodeWatcher({ watchTimeoutSeconds: 1 }), credentials);
    try {
      await watch.waitFor(is("ADDED", "w-resume"), "ADDED");
      // Two server-side timeouts pass; a watcher that restarted from scratch would replay ADDED.
      await new Promise((r) => setTimeout(r, 2_600));
      await postNodeStatus(core, "w-resume", "True");
      await watch.waitFor(is("MODIFIED", "w-resume", "ready"), "MODIFIED after resume");
      expect(watch.labels()).toEqual(["ADDED:w-resume:unknown", "MODIFIED:w-resume:ready"]);
      expect(watch.errors()).toEqual([]);
    } finally {
      await watch.stop();
      await core.deleteNode({ name: "w-resume" });
    }
  });

  it("reconnects with backoff after its connection is cut or the server is unreachable, reporting failures as events", async () => {
    let relay = await startRelay(new URL(vc.server));
    const port = relay.port;
    const watch = collect(new KubeNodeWatcher({ backoff: { initialMs: 100, maxMs: 400 } }), { ...credentials, server: relay.server });
    try {
      await registerNode(core, "w-cut");
      await watch.waitFor(is("ADDED", "w-cut"), "ADDED");

      relay.cut();
      await postNodeStatus(core, "w-cut", "False");
      await watch.waitFor(is("MODIFIED", "w-cut", "not_ready"), "change made while the connection was cut");

      await relay.close();
      await new Promise((r) => setTimeout(r, 300));
      await postNodeStatus(core, "w-cut", "True");
      await watch.waitFor((e) => e.type === "error", "error event while the server is unreachable");
      expect(watch.errors()[0]?.error.message).toMatch(new RegExp(`Node watch connection to https://127\\.0\\.0\\.1:${port} failed`));

      relay = await startRelay(new URL(vc.server), port);
      await watch.waitFor(is("MODIFIED", "w-cut", "ready"), "change made while the server was unreachable");
      // Resumed from the last resourceVersion: no replayed ADDED.
      expect(watch.labels()).toEqual(["ADDED:w-cut:unknown", "MODIFIED:w-cut:not_ready", "MODIFIED:w-cut:ready"]);
    } finally {
      await watch.stop();
      await relay.close();
      await core.deleteNode({ name: "w-cut" });
    }
  });

  it("keeps retrying with error events when the cluster refuses its credentials", async () => {
    const watch = collect(new KubeNodeWatcher({ backoff: { initialMs: 50, maxMs: 100 } }), { server: credentials.server, caPem: credentials.caPem });
    try {
      await watch.waitFor(() => watch.errors().length >= 3, "three failed attempts");
      expect(watch.errors()[0]?.error.message).toMatch(/Node watch connection to .* failed: (Unauthorized|Forbidden)/);
      expect(watch.labels()).toEqual([]);
    } finally {
      await watch.stop();
    }
  });

  it("ends the iteration promptly when the signal aborts, even while waiting for events", async () => {
    const watch = collect(new KubeNodeWatcher(), credentials);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await watch.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("ends when the consumer stops iterating", async () => {
    await registerNode(core, "w-break");
    const controller = new AbortController();
    let seen = 0;
    for await (const e of new KubeNodeWatcher().watch(credentials, controller.signal)) {
      if (e.type === "ADDED") seen += 1;
      break;
    }
    expect(seen).toBe(1);
    expect(controller.signal.aborted).toBe(false);
    await core.deleteNode({ name: "w-break" });
  });
});
