import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { withPlatformServerOverride } from "@e2e/env/platform-server-override";
import type { KubeconfigResolver } from "@/server/services/clusters/kubeconfig-resolver";
import { AppError } from "@/server/domain/errors";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { loadHostKubeConfig } from "./host-kube-config";
import { VclusterKubeconfigResolver } from "./vcluster-kubeconfig-resolver";

const standInChart = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../e2e/fixtures/charts/vcluster-stand-in");
const NAME = "demo";
const NAMESPACE = "team-a";

let cluster: KubeCluster;
let vc: VirtualCluster;
let core: CoreV1Api;
let resolver: VclusterKubeconfigResolver;
/** The production resolver, its platform address pointed at the stand-in vCluster (no Service DNS here). */
let onStandIn: KubeconfigResolver;

async function setServiceType(type: "NodePort" | "LoadBalancer" | "ClusterIP"): Promise<void> {
  await cluster.helm(["upgrade", "--install", NAME, standInChart, "-n", NAMESPACE, "--wait=false", "--set", `controlPlane.service.spec.type=${type}`]);
}

function serverOf(kubeconfigYaml: string): string[] {
  const doc = parseYaml(kubeconfigYaml) as { clusters: Array<{ cluster: { server: string } }> };
  return doc.clusters.map((c) => c.cluster.server);
}

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  cluster = await startKubeCluster();
  vc = await cluster.startVirtualCluster({ name: NAME, namespace: NAMESPACE });
  const kubeConfig = loadHostKubeConfig({ kubeconfigPath: cluster.kubeconfigPath });
  core = kubeConfig.makeApiClient(CoreV1Api);
  resolver = new VclusterKubeconfigResolver({ kubeConfig });
  onStandIn = withPlatformServerOverride(resolver, () => vc.server);
});

afterAll(async () => {
  await cluster?.stop();
});

describe("resolve", () => {
  it("nodeport: endpoint and user kubeconfig are https://<control_plane_host>:<nodePort>, credentials reach the vCluster", async () => {
    await setServiceType("NodePort");
    const service = await core.readNamespacedService({ name: NAME, namespace: NAMESPACE });
    const nodePort = service.spec?.ports?.[0]?.nodePort;
    expect(nodePort).toBeGreaterThanOrEqual(30000);

    const resolved = await onStandIn.resolve(
      { namespace: NAMESPACE, vclusterName: NAME, mode: "nodeport", controlPlaneHost: "203.0.113.10" },
    );
    expect(resolved.apiEndpoint).toBe(`https://203.0.113.10:${nodePort}`);
    expect(resolved.publicAccessPort).toBe(nodePort);
    expect(resolved.pendingReason).toBeNull();
    expect(serverOf(resolved.userKubeconfigYaml ?? "")).toEqual([`https://203.0.113.10:${nodePort}`]);
    expect(resolved.credentials.server).toBe(vc.server);
    expect(resolved.credentials.caPem).toContain("BEGIN CERTIFICATE");

    // The credentials talk to the virtual apiserver, not the host.
    const vcCore = kubeConfigFromCredentials(resolved.credentials).makeApiClient(CoreV1Api);
    const names = (await vcCore.listNamespace()).items.map((ns) => ns.metadata?.name);
    expect(names).toContain("kube-system");
    expect(names).not.toContain(NAMESPACE);

    // The user's kubeconfig keeps its identity: pointed at the real address it works.
    const userKc = new KubeConfig();
    userKc.loadFromString((resolved.userKubeconfigYaml ?? "").replace(resolved.apiEndpoint ?? "", vc.server));
    expect((await userKc.makeApiClient(CoreV1Api).listNamespace()).items.length).toBeGreaterThan(0);
  });

  it("nodeport without an override: the platform uses the public endpoint", async () => {
    await setServiceType("NodePort");
    const resolved = await resolver.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "nodeport", controlPlaneHost: "203.0.113.10" });
    expect(resolved.credentials.server).toBe(resolved.apiEndpoint);
  });

  it("loadbalancer: pending until the provider assigns an address, then control_plane_host first, ingress IP as fallback", async () => {
    await setServiceType("LoadBalancer");
    const input = { namespace: NAMESPACE, vclusterName: NAME, mode: "loadbalancer" as const };

    const waiting = await onStandIn.resolve({ ...input, controlPlaneHost: null });
    expect(waiting.apiEndpoint).toBeNull();
    expect(waiting.userKubeconfigYaml).toBeNull();
    expect(waiting.pendingReason).toMatch(/load balancer/);

    // Play the load-balancer provider (nothing else sets status here).
    await core.patchNamespacedServiceStatus(
      { name: NAME, namespace: NAMESPACE, body: { status: { loadBalancer: { ingress: [{ ip: "192.0.2.50" }] } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    const byIngress = await onStandIn.resolve({ ...input, controlPlaneHost: "" });
    expect(byIngress.apiEndpoint).toBe("https://192.0.2.50:443");
    expect(byIngress.publicAccessPort).toBeNull();
    expect(serverOf(byIngress.userKubeconfigYaml ?? "")).toEqual(["https://192.0.2.50:443"]);

    const byHost = await onStandIn.resolve({ ...input, controlPlaneHost: "k8s.example.com" });
    expect(byHost.apiEndpoint).toBe("https://k8s.example.com:443");
    expect(byHost.publicAccessPort).toBeNull();
    expect(serverOf(byHost.userKubeconfigYaml ?? "")).toEqual(["https://k8s.example.com:443"]);
  });

  it("off: no public endpoint or user kubeconfig; the platform uses the Service DNS name", async () => {
    await setServiceType("ClusterIP");
    const resolved = await resolver.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: "203.0.113.10" });
    expect(resolved.apiEndpoint).toBeNull();
    expect(resolved.userKubeconfigYaml).toBeNull();
    expect(resolved.publicAccessPort).toBeNull();
    expect(resolved.pendingReason).toBeNull();
    expect(resolved.credentials.server).toBe(`https://${NAME}.${NAMESPACE}.svc:443`);
  });

  it("says the control plane is not ready when Secret vc-<name> is missing", async () => {
    const err = await resolver
      .resolve({ namespace: NAMESPACE, vclusterName: "absent", mode: "nodeport", controlPlaneHost: "203.0.113.10" })
      .then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("PRECONDITION_FAILED");
    expect((err as AppError).message).toContain("Secret vc-absent");
  });
});

describe("probe", () => {
  it("returns the virtual apiserver's gitVersion", async () => {
    const { credentials } = await onStandIn.resolve(
      { namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: null },
    );
    expect(await resolver.probe(credentials)).toEqual({ ok: true, gitVersion: vc.version });
  });

  it("fails quickly and says why when nothing listens", async () => {
    const port = await closedPort();
    const started = Date.now();
    const result = await resolver.probe({ server: `https://127.0.0.1:${port}` }, { timeoutMs: 3_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(`127.0.0.1:${port}`);
  });

  it("fails when the server's certificate is not trusted", async () => {
    const result = await resolver.probe({ server: vc.server, caPem: undefined }, { timeoutMs: 3_000 });
    expect(result.ok).toBe(false);
  });

  it("gives up after the timeout on a server that accepts but never answers", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const result = await resolver.probe({ server: `https://127.0.0.1:${port}` }, { timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result).toEqual({ ok: false, error: `https://127.0.0.1:${port} did not answer within 0.3 s` });
    } finally {
      silent.close();
    }
  });
});
