import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { connect as connectTcp, createServer as createTcpServer } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@e2e/env/app-server";
import { startHaproxyEdge, type HaproxyEdge } from "@e2e/env/haproxy-edge";
import { createClusterPki, type ClusterPki } from "@e2e/env/kube/pki";
import { EdgeConfigApplyError } from "@/server/domain/control-plane-edge/edge-config-apply-error";
import { DEFAULT_HAPROXY_OPTIONS, renderHaproxyConfig, type EdgeRoute, type HaproxyConfigOptions } from "@/server/domain/control-plane-edge/haproxy-config";
import { HaproxyConfigWriter } from "./haproxy-config-writer";
import { masterCommand, parseShowProc } from "./haproxy-master-cli";

// Debian's haproxy 2.6 (scripts/prepare-test-machine.sh installs it) on loopback in front of two
// stand-in control planes: Node TLS servers with certificates from their own cluster CA, which answer
// "<name>:<what you sent>" so a test sees which one it reached.
const HAPROXY_BIN = "haproxy";
const HOST_A = "a.edge.test";
const HOST_B = "b.edge.test";

interface StandIn {
  name: string;
  pki: ClusterPki;
  server: tls.Server;
  port: number;
}

async function startStandIn(dir: string, name: string, hostname: string): Promise<StandIn> {
  const pkiDir = path.join(dir, name);
  await mkdir(pkiDir);
  const pki = await createClusterPki(pkiDir, `edge-${name}`, [hostname]);
  const server = tls.createServer({ cert: pki.serving.certPem, key: pki.serving.keyPem }, (socket) => {
    socket.on("data", (data: Buffer) => socket.write(`${name}:${data.toString("utf8")}`));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { name, pki, server, port: typeof address === "object" && address ? address.port : 0 };
}

let dir: string;
let a: StandIn;
let b: StandIn;
let frontendPort: number;
let configPath: string;
let masterSocketPath: string;
let edge: HaproxyEdge | undefined;
let options: HaproxyConfigOptions;
let writer: HaproxyConfigWriter;

const routeOf = (standIn: StandIn, hostname: string): EdgeRoute => ({
  clusterId: `c-${standIn.name}`,
  hostname,
  backends: [{ address: "127.0.0.1", port: standIn.port }],
});

/** A verified TLS connection through the edge for `servername`, checked against `ca`. */
function connectVerified(servername: string, ca: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port: frontendPort, servername, ca }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** What happens to a TLS client the edge must not route: resolves with how the attempt ended. */
function attemptUnrouted(servername: string | undefined): Promise<string> {
  return new Promise((resolve) => {
    // No servername towards an IP address: Node then sends no SNI at all, like an in-cluster client using an IP.
    const socket = tls.connect({ host: "127.0.0.1", port: frontendPort, ...(servername ? { servername } : {}), rejectUnauthorized: false }, () => {
      socket.destroy();
      resolve("handshake completed");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

function roundTrip(socket: tls.TLSSocket, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once("data", (data: Buffer) => resolve(data.toString("utf8")));
    socket.once("error", reject);
    socket.write(message);
  });
}

describe("HaproxyConfigWriter against a real HAProxy", () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-haproxy-"));
    [a, b] = await Promise.all([startStandIn(dir, "A", HOST_A), startStandIn(dir, "B", HOST_B)]);
    frontendPort = await freePort();
    options = {
      ...DEFAULT_HAPROXY_OPTIONS,
      bind: { address: "127.0.0.1", port: frontendPort },
      healthCheck: { intervalMs: 500, fall: 2, rise: 1 },
      statsSocketPath: path.join(dir, "stats.sock"),
    };
    // The first file is what a Deployment would start with; every later change goes through the writer.
    edge = await startHaproxyEdge({ dir, bin: HAPROXY_BIN, initialConfig: renderHaproxyConfig([routeOf(a, HOST_A), routeOf(b, HOST_B)], options) });
    ({ configPath, masterSocketPath } = edge);
    writer = new HaproxyConfigWriter({ bin: HAPROXY_BIN, configPath, masterSocketPath });
    // A worker runs; the first connection shows the frontend is bound and routes.
    (await connectVerified(HOST_A, a.pki.ca.certPem)).destroy();
  });

  afterAll(async () => {
    await edge?.stop();
    await Promise.all([a, b].filter(Boolean).map((s) => new Promise((resolve) => s.server.close(resolve))));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("routes each SNI name to its own cluster, verified against that cluster's CA", async () => {
    const toA = await connectVerified(HOST_A, a.pki.ca.certPem);
    const toB = await connectVerified(HOST_B, b.pki.ca.certPem);
    expect(await roundTrip(toA, "hello")).toBe("A:hello");
    expect(await roundTrip(toB, "hello")).toBe("B:hello");
    toA.destroy();
    toB.destroy();
    // Passthrough: B's certificate is B's own, so A's CA does not accept it.
    await expect(connectVerified(HOST_B, a.pki.ca.certPem)).rejects.toThrow();
  });

  it("closes connections without SNI, with an unknown SNI, or without TLS before answering anything", async () => {
    const reset = /ECONNRESET|disconnected before secure TLS connection/;
    expect(await attemptUnrouted(undefined)).toMatch(reset);
    expect(await attemptUnrouted("unknown.edge.test")).toMatch(reset);
    const plain = await new Promise<string>((resolve) => {
      const socket = connectTcp({ host: "127.0.0.1", port: frontendPort }, () => socket.write("GET / HTTP/1.1\r\nHost: a.edge.test\r\n\r\n"));
      let received = "";
      socket.on("data", (data: Buffer) => (received += data.toString("utf8")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(received));
    });
    expect(plain).toBe("");
  });

  it("reloads without dropping a long-lived connection, and skips unchanged input", async () => {
    const longLived = await connectVerified(HOST_A, a.pki.ca.certPem);
    expect(await roundTrip(longLived, "before")).toBe("A:before");

    const onlyA = renderHaproxyConfig([routeOf(a, HOST_A)], options);
    await expect(writer.apply(onlyA)).resolves.toEqual({ changed: true });
    expect(await readFile(configPath, "utf8")).toBe(onlyA);

    // The old worker still holds the established connection and keeps serving it.
    expect(await roundTrip(longLived, "after")).toBe("A:after");
    expect(await masterCommand(masterSocketPath, "show proc", 2_000)).toMatch(/# old workers\n\d+\s+worker/);
    // New connections meet the new configuration: B is gone, A is still there.
    expect(await attemptUnrouted(HOST_B)).toMatch(/ECONNRESET|disconnected before secure TLS connection/);
    const fresh = await connectVerified(HOST_A, a.pki.ca.certPem);
    expect(await roundTrip(fresh, "fresh")).toBe("A:fresh");
    fresh.destroy();

    const reloadsBefore = parseShowProc(await masterCommand(masterSocketPath, "show proc", 2_000)).reloads;
    await expect(writer.apply(onlyA)).resolves.toEqual({ changed: false });
    expect(parseShowProc(await masterCommand(masterSocketPath, "show proc", 2_000)).reloads).toBe(reloadsBefore);

    expect(await roundTrip(longLived, "still")).toBe("A:still");
    longLived.destroy();
  });

  it("refuses a broken configuration with HAProxy's own message and keeps serving the old one", async () => {
    const current = await readFile(configPath, "utf8");
    const reloadsBefore = parseShowProc(await masterCommand(masterSocketPath, "show proc", 2_000)).reloads;
    const broken = `${current}\nbackend broken\n    bogus-keyword here\n`;

    const err: unknown = await writer.apply(broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EdgeConfigApplyError);
    expect((err as EdgeConfigApplyError).kind).toBe("invalid");
    expect((err as EdgeConfigApplyError).detail).toMatch(/bogus-keyword/);

    expect(await readFile(configPath, "utf8")).toBe(current);
    expect(parseShowProc(await masterCommand(masterSocketPath, "show proc", 2_000)).reloads).toBe(reloadsBefore);
    const toA = await connectVerified(HOST_A, a.pki.ca.certPem);
    expect(await roundTrip(toA, "ok")).toBe("A:ok");
    toA.destroy();
    // No temp file is left behind next to the config.
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("puts the previous file back when the master cannot load a configuration that passed the check", async () => {
    const current = await readFile(configPath, "utf8");
    // `haproxy -c` binds nothing, so a port someone else holds only fails when the master loads it.
    const blocker = createTcpServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    const busyPort = typeof address === "object" && address ? address.port : 0;
    try {
      const err: unknown = await writer.apply(`${current}\nfrontend extra\n    bind 127.0.0.1:${busyPort}\n    tcp-request content reject\n`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EdgeConfigApplyError);
      expect((err as EdgeConfigApplyError).kind).toBe("reload-failed");
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(await readFile(configPath, "utf8")).toBe(current);
    const toA = await connectVerified(HOST_A, a.pki.ca.certPem);
    expect(await roundTrip(toA, "survived")).toBe("A:survived");
    toA.destroy();
  });

  it("adds a cluster back with a reload after a failed one", async () => {
    await expect(writer.apply(renderHaproxyConfig([routeOf(a, HOST_A), routeOf(b, HOST_B)], options))).resolves.toEqual({ changed: true });
    const toB = await connectVerified(HOST_B, b.pki.ca.certPem);
    expect(await roundTrip(toB, "back")).toBe("B:back");
    toB.destroy();
  });
});
