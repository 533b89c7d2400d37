import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IpRouteCli, IpRouteError } from "@/server/infra/net/ip-route-cli";
import { convergePodRoutes } from "./converge-pod-routes";

// Real network namespaces (root): "host" plays the platform's host, "node" a joined node whose pod IP
// 10.251.<n>.10 sits on its loopback; a veth pair joins them on 10.250.<n>.0/24. Only these addresses are used.
const run = promisify(execFile);
const ip = (...args: string[]) => run("ip", args).then((r) => r.stdout);
const suffix = randomBytes(3).toString("hex");
const host = `kb-h7-host-${suffix}`;
const node = `kb-h7-node-${suffix}`;
const n = 1 + (randomBytes(1)[0]! % 200);
const hostIp = `10.250.${n}.1`;
const nodeIp = `10.250.${n}.2`;
const podCidr = `10.251.${n}.0/24`;
const podIp = `10.251.${n}.10`;
const PROTO = 211;
let server: ChildProcess | undefined;

beforeAll(async () => {
  await ip("netns", "add", host);
  await ip("netns", "add", node);
  await ip("-n", host, "link", "add", "veth-h", "type", "veth", "peer", "name", "veth-n", "netns", node);
  for (const [ns, dev, addr] of [[host, "veth-h", hostIp], [node, "veth-n", nodeIp]] as const) {
    await ip("-n", ns, "link", "set", "lo", "up");
    await ip("-n", ns, "addr", "add", `${addr}/24`, "dev", dev);
    await ip("-n", ns, "link", "set", dev, "up");
  }
  await ip("-n", node, "addr", "add", `${podIp}/32`, "dev", "lo");
  // The node answers the host back over the veth (its connected route covers hostIp).
  server = spawn("ip", ["netns", "exec", node, process.execPath, "-e", `require("node:http").createServer((q, s) => s.end("pod " + q.url)).listen(8080, "${podIp}", () => console.log("listening"))`], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    server!.stdout!.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
    server!.on("exit", (code) => reject(new Error(`pod server exited ${code}`)));
  });
});

afterAll(async () => {
  server?.kill();
  await ip("netns", "del", host).catch(() => undefined);
  await ip("netns", "del", node).catch(() => undefined);
});

const routes = async () => (await ip("-n", host, "route", "show")).trim().split("\n").map((line) => line.trim());
const curlFromHost = () =>
  run("ip", ["netns", "exec", host, process.execPath, "-e", `fetch("http://${podIp}:8080/hello", { signal: AbortSignal.timeout(3000) }).then(r => r.text()).then(t => console.log(t), e => { console.log("ERR " + e.cause?.code); })`]).then((r) => r.stdout.trim());

describe("IpRouteCli and convergePodRoutes in a network namespace", () => {
  const table = new IpRouteCli({ protocol: PROTO, netns: host });
  const route = { destination: podCidr, gateway: nodeIp, clusterId: "c1", nodeName: "n1" };
  const second = { destination: `10.251.${n + 1}.0/24`, gateway: nodeIp, clusterId: "c2", nodeName: "n2" };
  const foreign = `10.251.${n + 2}.0/24`;

  it("has no route to the pod IP before converging: the request fails", async () => {
    expect(await curlFromHost()).toMatch(/^ERR/);
  });

  it("converges the desired routes with the marker and a real HTTP request reaches the pod IP", async () => {
    await ip("-n", host, "route", "add", foreign, "via", nodeIp); // the operator's own route, no marker
    const result = await convergePodRoutes(table, [route, second]);
    expect(result.replaced.map((r) => r.destination)).toEqual([podCidr, second.destination]);
    expect(await routes()).toEqual(expect.arrayContaining([`${podCidr} via ${nodeIp} dev veth-h proto ${PROTO}`, `${second.destination} via ${nodeIp} dev veth-h proto ${PROTO}`]));
    expect(await curlFromHost()).toBe("pod /hello");
    const again = await convergePodRoutes(table, [route, second]);
    expect(again).toMatchObject({ replaced: [], deleted: [], unchanged: 2 });
  });

  it("deletes a route removed from the desired set and leaves the foreign route alone", async () => {
    const result = await convergePodRoutes(table, [route]);
    expect(result.deleted).toEqual([second.destination]);
    const now = await routes();
    expect(now.some((l) => l.startsWith(second.destination))).toBe(false);
    expect(now).toContain(`${foreign} via ${nodeIp} dev veth-h`);
    // Even an empty desired set does not touch it; a desired route onto its destination is blocked, not taken over.
    const blocked = await convergePodRoutes(table, [{ ...second, destination: foreign }]);
    expect(blocked.blocked).toHaveLength(1);
    expect(blocked.deleted).toEqual([podCidr]);
    expect(await routes()).toContain(`${foreign} via ${nodeIp} dev veth-h`);
    expect(await curlFromHost()).toMatch(/^ERR/);
  });

  it("reports iproute2's stderr as a typed error", async () => {
    const broken = new IpRouteCli({ protocol: PROTO, netns: `kb-h7-missing-${suffix}` });
    const error = await broken.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpRouteError);
    expect((error as IpRouteError).stderr).toMatch(/network namespace/i);
  });
});
