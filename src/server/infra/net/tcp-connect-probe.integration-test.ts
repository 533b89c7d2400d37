import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TcpConnectProbe } from "./tcp-connect-probe";

/**
 * TcpConnectProbe with real sockets (needs root for the network namespace). Reachable and refused: servers and
 * closed ports on loopback (127.0.0.1, ::1). Timed out: addresses behind a veth pair whose host end (in the test
 * process's namespace) has an address and whose peer was moved into a network namespace this test creates and left
 * DOWN, so every SYN is dropped and nothing ever answers. The neighbours are permanent entries: without them the
 * kernel gives up ARP/NDP after ~3 s and fails the connect with EHOSTUNREACH, which would end a longer timeout early.
 * No traffic goes anywhere but loopback and that veth (checked with `ip route get` before probing).
 */
const run = promisify(execFile);
const ip = (...args: string[]) => run("ip", args).then((r) => r.stdout);
const suffix = randomBytes(3).toString("hex");
const netns = `kb-probe-${suffix}`;
const hostEnd = `kbp${suffix}`;
const peerEnd = `kbq${suffix}`;
const TIMEOUT_MS = 800;
let subnet4: string;
let blackholed4: string[];
let blackholed6: string[];
let servers: net.Server[] = [];
let port: number;
let accepted = 0;
let bytesReceived = 0;

async function listenOn(host: string, wanted: number): Promise<net.Server> {
  const server = net.createServer((socket) => {
    accepted += 1;
    socket.on("data", (d) => (bytesReceived += d.length));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(wanted, host, () => resolve());
  });
  return server;
}

/** A loopback port open on 127.0.0.1 and ::1 (the same number, so one probe call covers both families). */
async function listenOnBothLoopbacks(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const v4 = await listenOn("127.0.0.1", 0);
    const p = (v4.address() as net.AddressInfo).port;
    try {
      const v6 = await listenOn("::1", p);
      servers = [v4, v6];
      return p;
    } catch {
      await new Promise((r) => v4.close(r));
    }
  }
  throw new Error("could not listen on one port on both 127.0.0.1 and ::1");
}

/** A /29 out of 10.253.0.0/16 that no route of this machine covers yet. */
async function unusedSubnet(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = `10.253.${randomBytes(1)[0]!}.${8 * (randomBytes(1)[0]! % 32)}`;
    if ((await ip("-4", "route", "show", "match", `${candidate}/29`)).split("\n").every((l) => l.startsWith("default") || l.trim() === "")) return candidate;
  }
  throw new Error("no free /29 in 10.253.0.0/16");
}

const lastOctet = (base: string, n: number) => base.replace(/\d+$/, (o) => String(Number(o) + n));

beforeAll(async () => {
  port = await listenOnBothLoopbacks();
  subnet4 = await unusedSubnet();
  const prefix6 = `fd6b:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
  blackholed4 = [2, 3, 4].map((n) => lastOctet(subnet4, n));
  blackholed6 = [2, 3].map((n) => `${prefix6}::${n}`);

  await ip("netns", "add", netns);
  await ip("link", "add", hostEnd, "type", "veth", "peer", "name", peerEnd, "netns", netns);
  await ip("addr", "add", `${lastOctet(subnet4, 1)}/29`, "dev", hostEnd);
  await ip("-6", "addr", "add", `${prefix6}::1/64`, "dev", hostEnd, "nodad");
  await ip("link", "set", hostEnd, "up");
  // The peer stays DOWN in its namespace: the host end has no carrier and drops every frame.
  for (const [i, addr] of [...blackholed4, ...blackholed6].entries()) {
    await ip("neigh", "replace", addr, "lladdr", `02:6b:62:00:00:${(i + 2).toString(16).padStart(2, "0")}`, "dev", hostEnd, "nud", "permanent");
  }
  for (const addr of [...blackholed4, ...blackholed6]) {
    expect(await ip("route", "get", addr)).toContain(`dev ${hostEnd}`);
  }
  expect(await ip("-n", netns, "link", "show", peerEnd)).toMatch(/state DOWN/);
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  await ip("link", "del", hostEnd).catch(() => undefined);
  await ip("netns", "del", netns).catch(() => undefined);
});

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await f();
  return { value, ms: performance.now() - started };
}

describe("TcpConnectProbe", () => {
  const probe = new TcpConnectProbe({ timeoutMs: TIMEOUT_MS });

  it("reports loopback addresses with a listener as reachable, IPv4 and IPv6, and sends nothing", async () => {
    const before = accepted;
    const { value, ms } = await timed(() => probe.reachable(["127.0.0.1", "::1"], port));
    expect(value).toEqual(new Set(["127.0.0.1", "::1"]));
    expect(ms).toBeLessThan(TIMEOUT_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(accepted - before).toBe(2);
    expect(bytesReceived).toBe(0);
  });

  it("reports a loopback port with nothing listening as unreachable at once (refused), long before the timeout", async () => {
    const patient = new TcpConnectProbe({ timeoutMs: 5_000 });
    const released = await listenOn("127.0.0.1", 0);
    const closedPort = (released.address() as net.AddressInfo).port;
    await new Promise((r) => released.close(r));
    const { value, ms } = await timed(() => patient.reachable(["127.0.0.1", "::1"], closedPort));
    expect(value).toEqual(new Set());
    expect(ms).toBeLessThan(500);
    // 127.0.0.2 is loopback too, but nothing listens on it, even on the port the servers use.
    const other = await timed(() => patient.reachable(["127.0.0.2"], port));
    expect(other.value).toEqual(new Set());
    expect(other.ms).toBeLessThan(500);
  });

  it("reports an address that never answers as unreachable after the timeout, not before", async () => {
    for (const target of [blackholed4[0]!, blackholed6[0]!]) {
      const { value, ms } = await timed(() => probe.reachable([target], 80));
      expect(value).toEqual(new Set());
      expect(ms, target).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      expect(ms, target).toBeLessThan(TIMEOUT_MS + 700);
    }
  });

  it("probes in parallel: reachable, refused and silent addresses of both families in one call take about one timeout", async () => {
    const ips = ["127.0.0.1", "::1", "127.0.0.2", ...blackholed4, ...blackholed6, "127.0.0.1"];
    const { value, ms } = await timed(() => probe.reachable(ips, port));
    expect(value).toEqual(new Set(["127.0.0.1", "::1"]));
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(2 * TIMEOUT_MS);
  });

  it("keeps at most `concurrency` connects in flight", async () => {
    const two = new TcpConnectProbe({ timeoutMs: 300, concurrency: 2 });
    // Five silent addresses, two at a time: three rounds of the timeout.
    const { value, ms } = await timed(() => two.reachable([...blackholed4, ...blackholed6], 80));
    expect(value).toEqual(new Set());
    expect(ms).toBeGreaterThanOrEqual(3 * 300 - 30);
    expect(ms).toBeLessThan(4 * 300 + 500);
  });

  it("never throws: names are not resolved, bad ports and empty lists give no reachable address", async () => {
    expect(await probe.reachable(["localhost", "", "not an ip", "127.0.0.1.5"], port)).toEqual(new Set());
    expect(await probe.reachable(["127.0.0.1"], 0)).toEqual(new Set());
    expect(await probe.reachable(["127.0.0.1"], 70_000)).toEqual(new Set());
    expect(await probe.reachable([], port)).toEqual(new Set());
    expect(() => new TcpConnectProbe({ timeoutMs: 0 })).toThrow(/positive/);
  });
});
