import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KubeConfig } from "@kubernetes/client-node";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { freePort } from "@e2e/env/app-server";
import { startHaproxyEdge, type HaproxyEdge } from "@e2e/env/haproxy-edge";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { playVclusterOnNodePort, type NodePortVcluster } from "@e2e/env/node-port-vcluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { DEFAULT_HAPROXY_OPTIONS, renderHaproxyConfig, type HaproxyConfigOptions } from "@/server/domain/control-plane-edge/haproxy-config";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { HaproxyConfigWriter } from "@/server/infra/haproxy/haproxy-config-writer";
import { parseShowProc } from "@/server/infra/haproxy/haproxy-master-cli";
import { KubeControlPlaneNodePorts } from "@/server/infra/kube/control-plane-node-ports";
import { KubeHostNodeAddresses } from "@/server/infra/kube/host-node-addresses";
import { createLogger } from "@/server/observability/logger";
import { syncControlPlaneEdge, type ControlPlaneEdgeSyncDeps } from "./sync-control-plane-edge";

// End to end with real parts: PostgreSQL rows → the sync → Debian's HAProxy on loopback → the kube-proxy
// stand-in's NodePort forwarders on the host Nodes' InternalIPs → two stand-in vClusters whose serving
// certificates carry control_plane_host through controlPlane.proxy.extraSANs (as vCluster issues them),
// reached by the stock kubectl with TLS verified against each cluster's CA.
const HOST_A = "a.edge.test";
const HOST_B = "b.edge.test";
// Loopback Node addresses of this file only (the kube-proxy stand-in binds <InternalIP>:<nodePort>).
const NODES = [
  { name: "edge-node-1", internalIP: "127.0.41.1" },
  { name: "edge-node-2", internalIP: "127.0.41.2" },
  { name: "edge-node-3", internalIP: "127.0.41.3", ready: false },
];

let database: TestDatabase;
let db: Db;
let kube: KubeCluster;
let dir: string;
let edge: HaproxyEdge;
let frontendPort: number;
let deps: ControlPlaneEdgeSyncDeps;
const played: NodePortVcluster[] = [];
let a: NodePortVcluster;
let b: NodePortVcluster;
const ids = { a: "", b: "", noService: "", nodePortMode: "", duplicate: "" };

async function installRelease(release: string, hostname: string): Promise<NodePortVcluster> {
  const namespace = `${release}-ns`;
  await kube.helm([
    "upgrade", "--install", release, STAND_IN_CHART, "-n", namespace, "--create-namespace", "--wait=false",
    "--set", "controlPlane.service.spec.type=NodePort", "--set", `controlPlane.proxy.extraSANs={${hostname}}`,
  ]);
  const vc = await playVclusterOnNodePort({ kube, vclusterName: release, namespace });
  played.push(vc);
  return vc;
}

async function insertCluster(ownerId: string, fields: { release: string; host: string; mode?: "nodeport" | "loadbalancer"; createdAt: Date }): Promise<string> {
  const id = newId("cl");
  await db.cluster.create({
    data: {
      id,
      ownerId,
      name: fields.release,
      vclusterName: fields.release,
      namespace: `${fields.release}-ns`,
      status: "ready",
      controlPlaneHost: fields.host,
      publicAccessEnabled: true,
      publicAccessMode: fields.mode ?? "loadbalancer",
      apiEndpoint: `https://${fields.host}:443`,
      kubeconfigAvailable: true,
      connectionStatus: "connected",
      createdAt: fields.createdAt,
    },
  });
  return id;
}

/** The cluster's admin kubeconfig pointed at the edge: server = loopback frontend, SNI = the hostname, CA = `ca`. */
async function edgeKubeconfig(vc: VirtualCluster, name: string, opts: { tlsServerName?: string; caPem?: string }): Promise<string> {
  const doc = parseYaml(vc.kubeconfigYaml) as { clusters: Array<{ cluster: Record<string, unknown> }> };
  for (const entry of doc.clusters) {
    entry.cluster.server = `https://127.0.0.1:${frontendPort}`;
    if (opts.tlsServerName) entry.cluster["tls-server-name"] = opts.tlsServerName;
    if (opts.caPem) entry.cluster["certificate-authority-data"] = Buffer.from(opts.caPem).toString("base64");
  }
  const file = path.join(dir, `${name}.kubeconfig`);
  await writeFile(file, stringifyYaml(doc));
  return file;
}

function kubectl(kubeconfig: string, args: string[]): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(kube.tools.kubectl, ["--kubeconfig", kubeconfig, "--request-timeout=10s", ...args], { timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ ok: !err, stdout, stderr }),
    );
  });
}

async function kubectlVersion(vc: VirtualCluster, hostname: string): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return kubectl(await edgeKubeconfig(vc, `version-${hostname}`, { tlsServerName: hostname }), ["get", "--raw", "/version"]);
}

/** A keep-alive HTTPS connection to the cluster through the edge, with the admin client certificate. */
async function openLongLived(vc: VirtualCluster, hostname: string): Promise<tls.TLSSocket> {
  const user = vc.kubeConfig().getCurrentUser();
  const decode = (v: string | undefined) => Buffer.from(v ?? "", "base64").toString("utf8");
  return new Promise((resolve, reject) => {
    const socket = tls.connect(
      { host: "127.0.0.1", port: frontendPort, servername: hostname, ca: vc.tls.caPem, cert: decode(user?.certData), key: decode(user?.keyData) },
      () => resolve(socket),
    );
    socket.once("error", reject);
  });
}

/** GET /version on an open socket (HTTP/1.1 keep-alive); resolves with the JSON body, rejects if the connection ends or stays silent. */
function getVersionOn(socket: tls.TLSSocket, hostname: string): Promise<{ gitVersion: string }> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const done = () => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("close", onEnd);
      socket.off("error", onError);
    };
    const onData = (data: Buffer) => {
      buffer += data.toString("utf8");
      const headerEnd = buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(buffer.slice(0, headerEnd))?.[1] ?? NaN);
      const body = buffer.slice(headerEnd + 4);
      if (Number.isNaN(length) || Buffer.byteLength(body) < length) return;
      done();
      resolve(JSON.parse(body) as { gitVersion: string });
    };
    const fail = (why: string) => {
      done();
      reject(new Error(`the long-lived connection ${why}`));
    };
    const onEnd = () => fail("was closed");
    const onError = (err: Error) => fail(`failed: ${err.message}`);
    const timer = setTimeout(() => fail("got no answer within 10 s"), 10_000);
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("close", onEnd);
    socket.once("error", onError);
    if (socket.destroyed || !socket.writable) return fail("was closed");
    socket.write(`GET /version HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/** A TLS client that sends no SNI (an IP address and no servername): how the attempt ended. */
function attemptWithoutSni(): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: "127.0.0.1", port: frontendPort, rejectUnauthorized: false }, () => {
      socket.destroy();
      resolve("handshake completed");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-edge-sync-"));
  database = await createTestDatabase("edge_sync");
  db = createPrismaClient(database.url);
  kube = await startKubeCluster();
  for (const node of NODES) await kube.addNode(node);
  [a, b] = await Promise.all([installRelease("edge-a", HOST_A), installRelease("edge-b", HOST_B)]);

  const ownerId = newId("usr");
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "edge" } });
  const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  ids.a = await insertCluster(ownerId, { release: "edge-a", host: HOST_A, createdAt: t(1) });
  ids.b = await insertCluster(ownerId, { release: "edge-b", host: HOST_B, createdAt: t(2) });
  // Loadbalancer with a host, but no Service in the host cluster (its create job has not installed it).
  ids.noService = await insertCluster(ownerId, { release: "edge-c", host: "c.edge.test", createdAt: t(3) });
  // NodePort mode: not the edge's.
  ids.nodePortMode = await insertCluster(ownerId, { release: "edge-d", host: "d.edge.test", mode: "nodeport", createdAt: t(4) });
  // A later cluster claiming A's name (case differs): A keeps it.
  ids.duplicate = await insertCluster(ownerId, { release: "edge-e", host: "A.Edge.Test", createdAt: t(5) });

  frontendPort = await freePort();
  const options: HaproxyConfigOptions = {
    ...DEFAULT_HAPROXY_OPTIONS,
    bind: { address: "127.0.0.1", port: frontendPort },
    healthCheck: { intervalMs: 500, fall: 2, rise: 1 },
    statsSocketPath: path.join(dir, "stats.sock"),
  };
  // The edge starts with no cluster, as a fresh Deployment would; the sync fills it in.
  edge = await startHaproxyEdge({ dir, initialConfig: renderHaproxyConfig([], options) });
  const hostKc = kube.kubeConfig();
  deps = {
    db,
    log: createLogger({ level: "error" }),
    now: () => new Date(),
    nodePorts: new KubeControlPlaneNodePorts(hostKc),
    hostNodes: new KubeHostNodeAddresses(hostKc),
    edgeWriter: new HaproxyConfigWriter({ bin: "haproxy", configPath: edge.configPath, masterSocketPath: edge.masterSocketPath }),
    haproxyOptions: options,
  };
});

afterAll(async () => {
  await edge?.stop();
  for (const vc of played) await vc.close();
  await kube?.stop();
  await db?.$disconnect();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("syncControlPlaneEdge with a real HAProxy, host apiserver and stock kubectl", () => {
  it("serves each loadbalancer cluster by its hostname on the Ready nodes' InternalIP:NodePort and reports what it left out", async () => {
    const result = await syncControlPlaneEdge(deps);
    expect(result.outcome).toBe("changed");
    expect(result.served).toEqual([
      { clusterId: ids.a, hostname: HOST_A, aliases: [], nodePort: a.nodePort, backends: [{ address: "127.0.41.1", port: a.nodePort }, { address: "127.0.41.2", port: a.nodePort }] },
      { clusterId: ids.b, hostname: HOST_B, aliases: [], nodePort: b.nodePort, backends: [{ address: "127.0.41.1", port: b.nodePort }, { address: "127.0.41.2", port: b.nodePort }] },
    ]);
    expect(result.skipped).toEqual([
      { clusterId: ids.noService, controlPlaneHost: "c.edge.test", reason: expect.stringContaining("Service edge-c-ns/edge-c does not exist") as string },
      { clusterId: ids.duplicate, controlPlaneHost: "A.Edge.Test", reason: expect.stringContaining(`already served for cluster ${ids.a}`) as string },
    ]);
    expect(result.ignoredNodes).toEqual([{ nodeName: "edge-node-3", reason: "the node is not Ready" }]);

    for (const [vc, hostname] of [[a.vc, HOST_A], [b.vc, HOST_B]] as const) {
      const run = await kubectlVersion(vc, hostname);
      expect(run.stderr).toBe("");
      expect(run.ok).toBe(true);
      expect((JSON.parse(run.stdout) as { gitVersion: string }).gitVersion).toBe(vc.version);
    }
    // Passthrough: B's name reaches B's own certificate, which A's CA does not accept.
    const crossed = await kubectl(await edgeKubeconfig(a.vc, "crossed", { tlsServerName: HOST_B }), ["get", "--raw", "/version"]);
    expect(crossed.ok).toBe(false);
    expect(crossed.stderr).toMatch(/certificate signed by unknown authority|x509/);

    const again = await syncControlPlaneEdge(deps);
    expect(again.outcome).toBe("unchanged");
  });

  it("rejects a client that sends no SNI", async () => {
    expect(await attemptWithoutSni()).toMatch(/ECONNRESET|disconnected before secure TLS connection/);
    // kubectl towards an IP address without tls-server-name sends no SNI either.
    const noSni = await kubectl(await edgeKubeconfig(a.vc, "no-sni", {}), ["get", "--raw", "/version"]);
    expect(noSni.ok).toBe(false);
    expect(noSni.stderr).toMatch(/connection reset|EOF|handshake/i);
  });

  it("routes the name a change replaced to the same cluster during its grace, and never a name another cluster holds", async () => {
    const hour = 3_600_000;
    // A's previous name is in its grace; B's previous name is A's current one, which stays A's.
    await db.cluster.update({ where: { id: ids.a }, data: { previousControlPlaneHost: "Old-A.Edge.Test", previousControlPlaneHostUntil: new Date(Date.now() + hour) } });
    await db.cluster.update({ where: { id: ids.b }, data: { previousControlPlaneHost: HOST_A, previousControlPlaneHostUntil: new Date(Date.now() + hour) } });
    const result = await syncControlPlaneEdge(deps);
    expect(result.outcome).toBe("changed");
    expect(result.served.map((s) => [s.clusterId, s.aliases])).toEqual([[ids.a, ["old-a.edge.test"]], [ids.b, []]]);
    // The old name reaches A's own control plane: the certificate presented chains to A's CA.
    const issuer = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: "127.0.0.1", port: frontendPort, servername: "old-a.edge.test", ca: a.vc.tls.caPem, checkServerIdentity: () => undefined }, () => {
        const cert = socket.getPeerX509Certificate();
        socket.destroy();
        resolve(cert?.issuer ?? "");
      });
      socket.once("error", reject);
    });
    expect(issuer).not.toBe("");

    // Once the grace has passed, the old name is not routed any more.
    await db.cluster.update({ where: { id: ids.a }, data: { previousControlPlaneHostUntil: new Date(Date.now() - 1) } });
    const after = await syncControlPlaneEdge(deps);
    expect(after.served.map((s) => s.aliases)).toEqual([[], []]);
    expect(await readFile(edge.configPath, "utf8")).not.toContain("old-a.edge.test");
    await db.cluster.updateMany({ where: { id: { in: [ids.a, ids.b] } }, data: { previousControlPlaneHost: null, previousControlPlaneHostUntil: null } });
  });

  it("drops a deleted cluster with a reload while a long-lived connection to another cluster stays open", async () => {
    const longLived = await openLongLived(a.vc, HOST_A);
    expect((await getVersionOn(longLived, HOST_A)).gitVersion).toBe(a.vc.version);
    const reloadsBefore = parseShowProc(await edge.showProc()).reloads;

    await db.cluster.update({ where: { id: ids.b }, data: { status: "deleted", deletedAt: new Date() } });
    const result = await syncControlPlaneEdge(deps);
    expect(result.outcome).toBe("changed");
    expect(result.served.map((s) => s.clusterId)).toEqual([ids.a]);
    expect(parseShowProc(await edge.showProc()).reloads).toBe(reloadsBefore + 1);

    // The same TLS connection, opened before the reload, still answers (an old worker drains it).
    expect((await getVersionOn(longLived, HOST_A)).gitVersion).toBe(a.vc.version);
    expect(await edge.showProc()).toMatch(/# old workers\n\d+\s+worker/);
    const toB = await kubectlVersion(b.vc, HOST_B);
    expect(toB.ok).toBe(false);
    const toA = await kubectlVersion(a.vc, HOST_A);
    expect(toA.ok).toBe(true);
    expect((await getVersionOn(longLived, HOST_A)).gitVersion).toBe(a.vc.version);
    longLived.destroy();
  });

  it("changes nothing when the host's Nodes cannot be read, instead of cutting every cluster off", async () => {
    const before = await readFile(edge.configPath, "utf8");
    const reloadsBefore = parseShowProc(await edge.showProc()).reloads;
    // The host's own kubeconfig, pointed at a port nothing listens on: every call gets no answer.
    const unreachable = new KubeConfig();
    const closedPort = await freePort();
    const yaml = parseYaml(kube.kubeconfigYaml) as { clusters: Array<{ cluster: { server: string } }> };
    for (const entry of yaml.clusters) entry.cluster.server = `https://127.0.0.1:${closedPort}`;
    unreachable.loadFromString(stringifyYaml(yaml));

    const result = await syncControlPlaneEdge({ ...deps, hostNodes: new KubeHostNodeAddresses(unreachable, { timeoutMs: 2_000 }) });
    expect(result.outcome).toBe("not-applied");
    expect(result.outcome === "not-applied" && result.reason).toMatch(/host cluster's Nodes could not be read.*ECONNREFUSED/);
    expect(result.served).toEqual([]);
    expect(result.skipped.map((s) => s.clusterId)).toEqual([ids.a, ids.noService, ids.duplicate]);
    expect(await readFile(edge.configPath, "utf8")).toBe(before);
    expect(parseShowProc(await edge.showProc()).reloads).toBe(reloadsBefore);
    const toA = await kubectlVersion(a.vc, HOST_A);
    expect(toA.ok).toBe(true);
  });
});
