import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CustomObjectsApi } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createNetnsPair, ip, type NetnsPair } from "@e2e/env/netns-pair";
import { installRoutePlanCrd } from "@e2e/env/route-plan-crd";
import { startTcpForwarder, type TcpForwarder } from "@e2e/env/tcp-forwarder";
import { WorkerProcess, workerEnv } from "@e2e/env/worker-process";
import { ROUTE_PLAN_GROUP, ROUTE_PLAN_PLURAL, ROUTE_PLAN_VERSION, type AppliedCondition } from "@/server/domain/pod-routes/route-plan-resource";
import { KubeRoutePlanStore } from "@/server/infra/kube/route-plan-store";

// The route agent as the DaemonSet runs it: its own process from route-agent/main.ts, inside a network namespace
// that plays the host node, with a second namespace playing a joined node (pod IP on its loopback, an HTTP server
// there). The agent reaches the test apiserver (127.0.0.1 of the root namespace) over a veth to the root namespace
// and a TCP relay there; its kubeconfig is a file the test writes (tls-server-name localhost: the serving
// certificate's name). The platform's side writes the plans with the real plan store.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const NODE = "host-1";
const PROTO = 211;
const plan = { group: ROUTE_PLAN_GROUP, version: ROUTE_PLAN_VERSION, plural: ROUTE_PLAN_PLURAL };

let kube: KubeCluster;
let pair: NetnsPair;
let relay: TcpForwarder;
let dir: string;
let agent: WorkerProcess;
let store: KubeRoutePlanStore;
let custom: CustomObjectsApi;

const route = (destination: string, clusterId = "c1", nodeName = "w1") => ({ destination, gateway: pair.nodeIp, clusterId, nodeName });
const markedRoutes = async () => (await pair.hostRoutes()).filter((l) => l.endsWith(`proto ${PROTO}`));
const statusOf = async () => {
  const object = (await custom.getClusterCustomObject({ ...plan, name: NODE })) as { metadata: { generation: number }; status?: { conditions?: AppliedCondition[] } };
  return { generation: object.metadata.generation, applied: object.status?.conditions?.find((c) => c.type === "Applied") };
};

beforeAll(async () => {
  kube = await startKubeCluster();
  await installRoutePlanCrd(kube.kubeConfig());
  store = new KubeRoutePlanStore(kube.kubeConfig());
  custom = kube.kubeConfig().makeApiClient(CustomObjectsApi);
  pair = await createNetnsPair("kb-ra");
  const { rootIp } = await pair.linkToRoot();
  relay = await startTcpForwarder({ host: rootIp, target: kube.server });
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-route-agent-"));
  const kubeconfig = parse(kube.kubeconfigYaml) as { clusters: Array<{ cluster: Record<string, unknown> }> };
  for (const c of kubeconfig.clusters) Object.assign(c.cluster, { server: `https://${rootIp}:${relay.port}`, "tls-server-name": "localhost" });
  await writeFile(path.join(dir, "kubeconfig"), stringify(kubeconfig), { mode: 0o600 });
  agent = new WorkerProcess(
    spawn("ip", ["netns", "exec", pair.host, tsx, "route-agent/main.ts"], {
      cwd: repoRoot,
      env: workerEnv({
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ""}`,
        KUBEBYON_ROUTE_AGENT_NODE_NAME: NODE,
        KUBEBYON_KUBECONFIG_PATH: path.join(dir, "kubeconfig"),
        KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: String(PROTO),
        KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS: "5",
      }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    }),
  );
  await agent.waitForLog("route agent started", 60_000);
}, 240_000);

afterAll(async () => {
  await agent?.kill();
  await relay?.close();
  await pair?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  await kube?.stop();
});

describe("route agent (route-agent/main.ts in a host-node network namespace)", () => {
  it("holds no route while its node has no plan: the pod IP is unreachable", async () => {
    await agent.waitForLog("routes converged", 30_000, { fields: { plan_found: false } });
    expect(await markedRoutes()).toEqual([]);
    expect(await pair.fetchFromHost("/hello")).toMatch(/^ERR/);
  });

  it("converges a new plan: the routes appear with the marker, a real request reaches the pod IP, Applied=True is written back", async () => {
    await store.apply(NODE, [route(pair.podCidr), route(pair.otherCidr(1), "c2", "w2")]);
    await expect.poll(markedRoutes, { timeout: 20_000, interval: 200 }).toEqual([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`, `${pair.otherCidr(1)} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    expect(await pair.fetchFromHost("/hello")).toBe("pod /hello");
    await expect.poll(statusOf, { timeout: 20_000, interval: 200 }).toMatchObject({ generation: 1, applied: { status: "True", reason: "Converged", observedGeneration: 1 } });
    expect((await statusOf()).applied?.message).toBe("2 routes in place");
  });

  it("deletes a route removed from the plan", async () => {
    await store.apply(NODE, [route(pair.podCidr)]);
    await expect.poll(markedRoutes, { timeout: 20_000, interval: 200 }).toEqual([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    await expect.poll(statusOf, { timeout: 20_000, interval: 200 }).toMatchObject({ generation: 2, applied: { status: "True", reason: "Converged", observedGeneration: 2 } });
  });

  it("leaves a foreign route alone and reports a plan route onto its destination as Blocked", async () => {
    const foreign = pair.otherCidr(2);
    await ip("-n", pair.host, "route", "add", foreign, "via", pair.nodeIp); // the operator's own route, no marker
    await store.apply(NODE, [route(pair.podCidr), route(foreign, "c3", "w3")]);
    await expect.poll(statusOf, { timeout: 20_000, interval: 200 }).toMatchObject({ generation: 3, applied: { status: "False", reason: "Blocked", observedGeneration: 3 } });
    expect((await statusOf()).applied?.message).toContain(`${foreign} (node w3 of cluster c3) is already routed via ${pair.nodeIp} by a route the platform does not own`);
    expect(await pair.hostRoutes()).toContain(`${foreign} via ${pair.nodeIp} dev veth-h`);
    expect(await markedRoutes()).toEqual([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    await agent.waitForLog("routes not fully converged", 10_000);
  });

  it("puts back a route deleted behind its back at the next resync", async () => {
    await ip("-n", pair.host, "route", "del", pair.podCidr, "proto", String(PROTO));
    expect(await markedRoutes()).toEqual([]);
    await expect.poll(markedRoutes, { timeout: 15_000, interval: 250 }).toEqual([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]);
    expect(await pair.fetchFromHost("/again")).toBe("pod /again");
  });

  it("removes its routes when the plan is deleted, and still not the foreign one", async () => {
    await store.delete(NODE);
    await expect.poll(markedRoutes, { timeout: 20_000, interval: 200 }).toEqual([]);
    expect(await pair.hostRoutes()).toContain(`${pair.otherCidr(2)} via ${pair.nodeIp} dev veth-h`);
    expect(await pair.fetchFromHost("/gone")).toMatch(/^ERR/);
  });

  it("stops on SIGTERM with exit code 0", async () => {
    agent.child.kill("SIGTERM");
    expect(await agent.exited).toEqual({ code: 0, signal: null });
    expect(agent.logged("route agent stopped")).toHaveLength(1);
    expect(agent.nonJson.join("")).toBe("");
  });
});
