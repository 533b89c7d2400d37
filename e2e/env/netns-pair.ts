import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";

// Two network namespaces (root) for the PodCIDR route tests: "host" plays the platform's host node, "node" a joined
// node whose pod IP 10.251.<n>.10 sits on its loopback with an HTTP server on :8080; a veth pair joins them on
// 10.250.<n>.0/24. Only addresses inside these namespaces are used (linkToRoot adds one pair on 10.249.<n>.0/30).

const run = promisify(execFile);
export const ip = (...args: string[]) => run("ip", args).then((r) => r.stdout);

export interface NetnsPair {
  host: string;
  node: string;
  /** The host namespace's address on the veth; the node's answers go back to it. */
  hostIp: string;
  /** The joined node's InternalIP (the routes' gateway). */
  nodeIp: string;
  /** The joined node's spec.podCIDR and the pod IP in it that serves HTTP. */
  podCidr: string;
  podIp: string;
  /** Another /24 next to podCidr (10.251.<n+k>.0/24) for tests that need more routes. */
  otherCidr(k: number): string;
  /** `ip route show` in the host namespace, one trimmed line each. */
  hostRoutes(): Promise<string[]>;
  /** GET http://<podIp>:8080<path> from the host namespace: the body, or "ERR <code>". */
  fetchFromHost(path: string): Promise<string>;
  /**
   * A veth between the host namespace and the root namespace: root gets 10.249.<n>.1, the host namespace
   * 10.249.<n>.2 (e.g. to reach a relay to the test apiserver). Returns the root side's address.
   */
  linkToRoot(): Promise<{ rootIp: string; hostSideIp: string }>;
  close(): Promise<void>;
}

export async function createNetnsPair(prefix: string): Promise<NetnsPair> {
  const suffix = randomBytes(3).toString("hex");
  const host = `${prefix}-host-${suffix}`;
  const node = `${prefix}-node-${suffix}`;
  const rootLink = `kbr${suffix}`;
  const n = 1 + (randomBytes(1)[0]! % 200);
  const hostIp = `10.250.${n}.1`;
  const nodeIp = `10.250.${n}.2`;
  const podIp = `10.251.${n}.10`;
  let server: ChildProcess | undefined;
  let linked = false;

  const close = async () => {
    server?.kill();
    if (linked) await ip("link", "del", rootLink).catch(() => undefined);
    await ip("netns", "del", host).catch(() => undefined);
    await ip("netns", "del", node).catch(() => undefined);
  };
  try {
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
    server = spawn("ip", ["netns", "exec", node, process.execPath, "-e", `require("node:http").createServer((q, s) => s.end("pod " + q.url)).listen(8080, "${podIp}", () => console.log("listening"))`], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
      server!.on("exit", (code) => reject(new Error(`pod server exited ${code}`)));
    });
  } catch (err) {
    await close();
    throw err;
  }

  return {
    host,
    node,
    hostIp,
    nodeIp,
    podCidr: `10.251.${n}.0/24`,
    podIp,
    otherCidr: (k) => `10.251.${n + k}.0/24`,
    hostRoutes: async () => (await ip("-n", host, "route", "show")).trim().split("\n").map((line) => line.trim()).filter(Boolean),
    fetchFromHost: (path) =>
      run("ip", ["netns", "exec", host, process.execPath, "-e", `fetch("http://${podIp}:8080${path}", { signal: AbortSignal.timeout(3000) }).then(r => r.text()).then(t => console.log(t), e => { console.log("ERR " + e.cause?.code); })`]).then((r) =>
        r.stdout.trim(),
      ),
    async linkToRoot() {
      const rootIp = `10.249.${n}.1`;
      const hostSideIp = `10.249.${n}.2`;
      await ip("link", "add", rootLink, "type", "veth", "peer", "name", "veth-root", "netns", host);
      linked = true;
      await ip("addr", "add", `${rootIp}/30`, "dev", rootLink);
      await ip("link", "set", rootLink, "up");
      await ip("-n", host, "addr", "add", `${hostSideIp}/30`, "dev", "veth-root");
      await ip("-n", host, "link", "set", "veth-root", "up");
      return { rootIp, hostSideIp };
    },
    close,
  };
}
