import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import { fileURLToPath } from "node:url";
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, VersionApi } from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { AppError } from "@/server/domain/errors";
import type { ResolvedConnection } from "@/server/services/clusters/kubeconfig-resolver";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { loadHostKubeConfig } from "./host-kube-config";
import { VclusterKubeconfigResolver } from "./vcluster-kubeconfig-resolver";

const standInChart = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../e2e/fixtures/charts/vcluster-stand-in");
const NAME = "demo";
const NAMESPACE = "team-a";

/**
 * Every route on real parts, no override: the host's service range is on
 * loopback and the kube-proxy stand-in forwards the Service's ClusterIP, LB
 * ingress IPs and NodePorts to a stand-in vCluster whose serving certificate
 * follows vCluster's rules (re-issued as the Service and vc-config change).
 * Two host Nodes: node-a "runs the control-plane Pod" (its addresses are in the
 * certificate for a NodePort Service), node-b does not.
 */
let cluster: KubeCluster;
let vc: VirtualCluster;
let core: CoreV1Api;
let kubeConfig: KubeConfig;
/** The platform outside the host cluster, as "auto" decides there. */
let resolver: VclusterKubeconfigResolver;

async function helmRelease(type: "NodePort" | "LoadBalancer" | "ClusterIP", extraSans: readonly string[] = []): Promise<void> {
  const sans = extraSans.length ? ["--set", `controlPlane.proxy.extraSANs={${extraSans.join(",")}}`] : [];
  await cluster.helm(["upgrade", "--install", NAME, standInChart, "-n", NAMESPACE, "--create-namespace", "--wait=false", "--set", `controlPlane.service.spec.type=${type}`, ...sans]);
  if (vc) await vc.syncSans();
}

async function clusterIp(): Promise<string> {
  const service = await core.readNamespacedService({ name: NAME, namespace: NAMESPACE });
  return service.spec?.clusterIP ?? "";
}

function serverOf(kubeconfigYaml: string): string[] {
  const doc = parseYaml(kubeconfigYaml) as { clusters: Array<{ cluster: { server: string } }> };
  return doc.clusters.map((c) => c.cluster.server);
}

/** The user's downloaded kubeconfig, used as is: TLS verified against the cluster CA at the public address. */
async function userVersion(resolved: ResolvedConnection): Promise<string | undefined> {
  const kc = new KubeConfig();
  kc.loadFromString(resolved.userKubeconfigYaml ?? "");
  return (await kc.makeApiClient(VersionApi).getCode()).gitVersion;
}

/** A TLS handshake with `servername`, verified against the vCluster CA; resolves with the error code or "ok". */
function tlsCheck(host: string, port: number, servername: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, servername, ca: vc.tls.caPem }, () => {
      socket.destroy();
      resolve("ok");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
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
  await cluster.addNode({ name: "node-a", internalIP: "127.0.10.1", externalIP: "127.0.11.1" });
  await cluster.addNode({ name: "node-b", internalIP: "127.0.10.2" });
  kubeConfig = loadHostKubeConfig({ kubeconfigPath: cluster.kubeconfigPath });
  core = kubeConfig.makeApiClient(CoreV1Api);
  await helmRelease("ClusterIP");
  vc = await cluster.startVirtualCluster({ name: NAME, namespace: NAMESPACE, controlPlaneNodeName: "node-a" });
  resolver = new VclusterKubeconfigResolver({ kubeConfig, route: "cluster-ip" });
});

afterAll(async () => {
  await cluster?.stop();
});

describe("the stand-in's certificate follows vCluster's rules", () => {
  it("covers <r>.<ns> and the ClusterIP, not <r>.<ns>.svc", async () => {
    const ip = await clusterIp();
    expect(ip.startsWith("127.")).toBe(true);
    expect(vc.sans()).toEqual(expect.arrayContaining(["demo", "demo.team-a", "*.demo.team-a.nodes.vcluster.com", ip, "127.0.0.1", "localhost"]));
    expect(vc.sans()).not.toContain("demo.team-a.svc");
    expect(await tlsCheck(ip, 443, "demo.team-a")).toBe("ok");
    expect(await tlsCheck(ip, 443, "demo.team-a.svc")).toBe("ERR_TLS_CERT_ALTNAME_INVALID");
  });
});

describe("resolve", () => {
  it("off + cluster-ip route: no public endpoint; the platform reaches https://<ClusterIP>:443, TLS verified", async () => {
    await helmRelease("ClusterIP");
    const resolved = await resolver.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: "203.0.113.10" });
    expect(resolved.apiEndpoint).toBeNull();
    expect(resolved.userKubeconfigYaml).toBeNull();
    expect(resolved.publicAccessPort).toBeNull();
    expect(resolved.pendingReason).toBeNull();
    expect(resolved.credentials.server).toBe(`https://${await clusterIp()}:443`);
    expect(resolved.credentials.insecureSkipTlsVerify).not.toBe(true);
    expect(await resolver.probe(resolved.credentials)).toEqual({ ok: true, gitVersion: vc.version });

    // The credentials talk to the virtual apiserver, not the host.
    const names = (await kubeConfigFromCredentials(resolved.credentials).makeApiClient(CoreV1Api).listNamespace()).items.map((ns) => ns.metadata?.name);
    expect(names).toContain("kube-system");
    expect(names).not.toContain(NAMESPACE);
  });

  it("service route: https://<r>.<ns>:443 (a name the certificate covers; it resolves only inside the host cluster)", async () => {
    const inCluster = new VclusterKubeconfigResolver({ kubeConfig, route: "service" });
    const resolved = await inCluster.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: null });
    expect(resolved.credentials.server).toBe("https://demo.team-a:443");
    // What a pod in the host cluster gets: that name's Service IP, verified under that name.
    const viaIp = { ...resolved.credentials, server: `https://${await clusterIp()}:443`, tlsServerName: "demo.team-a" };
    expect(await resolver.probe(viaIp)).toEqual({ ok: true, gitVersion: vc.version });
  });

  it("the old off-mode route https://<r>.<ns>.svc fails TLS verification, and the probe says so", async () => {
    const { credentials } = await resolver.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: null });
    const result = await resolver.probe({ ...credentials, tlsServerName: "demo.team-a.svc" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/failed TLS verification: the vCluster's serving certificate does not cover/);
  });

  it("public route: the public endpoint when there is one; refused with the fix when public access is off", async () => {
    const publicRoute = new VclusterKubeconfigResolver({ kubeConfig, route: "public" });
    await helmRelease("NodePort", ["127.0.0.1"]);
    const resolved = await publicRoute.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "nodeport", controlPlaneHost: "127.0.0.1" });
    expect(resolved.credentials.server).toBe(resolved.apiEndpoint);
    expect(await publicRoute.probe(resolved.credentials)).toEqual({ ok: true, gitVersion: vc.version });

    await helmRelease("ClusterIP");
    const err = await publicRoute.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: null }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/KUBEBYON_VCLUSTER_ROUTE=public, but this cluster's public access is off.*KUBEBYON_VCLUSTER_ROUTE=cluster-ip/);
  });

  it("nodeport with control_plane_host: https://<host>:<nodePort> for users (TLS valid), the ClusterIP for the platform", async () => {
    await helmRelease("NodePort", ["127.0.0.1"]);
    const service = await core.readNamespacedService({ name: NAME, namespace: NAMESPACE });
    const nodePort = service.spec?.ports?.[0]?.nodePort;
    expect(nodePort).toBeGreaterThanOrEqual(30000);

    const resolved = await resolver.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "nodeport", controlPlaneHost: "127.0.0.1" });
    expect(resolved.apiEndpoint).toBe(`https://127.0.0.1:${nodePort}`);
    expect(resolved.publicAccessPort).toBe(nodePort);
    expect(serverOf(resolved.userKubeconfigYaml ?? "")).toEqual([`https://127.0.0.1:${nodePort}`]);
    expect(resolved.credentials.server).toBe(`https://${await clusterIp()}:443`);
    expect(await userVersion(resolved)).toBe(vc.version);
  });

  it("nodeport without control_plane_host: a Ready Node's ExternalIP; the setting overrides; an address outside the certificate fails TLS", async () => {
    await helmRelease("NodePort");
    const nodePort = (await core.readNamespacedService({ name: NAME, namespace: NAMESPACE })).spec?.ports?.[0]?.nodePort;
    const input = { namespace: NAMESPACE, vclusterName: NAME, mode: "nodeport" as const, controlPlaneHost: null };

    // ExternalIP before InternalIP; node-a runs the control plane, so vCluster's certificate covers it.
    const derived = await resolver.resolve(input);
    expect(await resolver.nodePortHostAddress(null)).toEqual({ address: "127.0.11.1", source: "node", nodeName: "node-a" });
    expect(derived.apiEndpoint).toBe(`https://127.0.11.1:${nodePort}`);
    expect(await userVersion(derived)).toBe(vc.version);

    // The admin's setting wins: node-b's address, which the certificate does not list...
    const overridden = await resolver.resolve({ ...input, nodePortHostAddress: "127.0.10.2" });
    expect(overridden.apiEndpoint).toBe(`https://127.0.10.2:${nodePort}`);
    const outside = await resolver.probe({ ...overridden.credentials, server: overridden.apiEndpoint ?? "" });
    expect(outside.ok).toBe(false);
    if (!outside.ok) expect(outside.error).toMatch(/https:\/\/127\.0\.10\.2:\d+ failed TLS verification: the vCluster's serving certificate does not cover 127\.0\.10\.2/);

    // ...until it is in controlPlane.proxy.extraSANs (what the platform's helm step does with the setting).
    await helmRelease("NodePort", ["127.0.10.2"]);
    expect(vc.sans()).toContain("127.0.10.2");
    expect(await userVersion(overridden)).toBe(vc.version);
  });

  it("loadbalancer: pending until the provider assigns an address, then control_plane_host first, ingress IP as fallback", async () => {
    await helmRelease("LoadBalancer");
    const input = { namespace: NAMESPACE, vclusterName: NAME, mode: "loadbalancer" as const };

    const waiting = await resolver.resolve({ ...input, controlPlaneHost: null });
    expect(waiting.apiEndpoint).toBeNull();
    expect(waiting.userKubeconfigYaml).toBeNull();
    expect(waiting.pendingReason).toMatch(/load balancer/);
    expect(await resolver.probe(waiting.credentials)).toEqual({ ok: true, gitVersion: vc.version });

    // Play the load-balancer provider (nothing else sets status here); the certificate follows.
    await core.patchNamespacedServiceStatus(
      { name: NAME, namespace: NAMESPACE, body: { status: { loadBalancer: { ingress: [{ ip: "127.0.20.1" }] } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    expect(await vc.syncSans()).toContain("127.0.20.1");
    await cluster.proxy.syncNow();
    const byIngress = await resolver.resolve({ ...input, controlPlaneHost: "" });
    expect(byIngress.apiEndpoint).toBe("https://127.0.20.1:443");
    expect(byIngress.publicAccessPort).toBeNull();
    expect(serverOf(byIngress.userKubeconfigYaml ?? "")).toEqual(["https://127.0.20.1:443"]);
    expect(await userVersion(byIngress)).toBe(vc.version);

    const byHost = await resolver.resolve({ ...input, controlPlaneHost: "k8s.example.com" });
    expect(byHost.apiEndpoint).toBe("https://k8s.example.com:443");
    expect(byHost.publicAccessPort).toBeNull();
    expect(serverOf(byHost.userKubeconfigYaml ?? "")).toEqual(["https://k8s.example.com:443"]);
  });

  it("refuses the cluster-ip route for a Service without a ClusterIP, naming the fix", async () => {
    const exported = await core.readNamespacedSecret({ name: `vc-${NAME}`, namespace: NAMESPACE });
    await core.createNamespacedSecret({ namespace: NAMESPACE, body: { metadata: { name: "vc-headless" }, data: exported.data } });
    await core.createNamespacedService({ namespace: NAMESPACE, body: { metadata: { name: "headless" }, spec: { clusterIP: "None", ports: [{ name: "https", port: 443, targetPort: 8443 }] } } });
    const err = await resolver.resolve({ namespace: NAMESPACE, vclusterName: "headless", mode: "off", controlPlaneHost: null }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/Service team-a\/headless has no ClusterIP \(clusterIP: None\).*KUBEBYON_VCLUSTER_ROUTE=service/);
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
    const { credentials } = await resolver.resolve({ namespace: NAMESPACE, vclusterName: NAME, mode: "off", controlPlaneHost: null });
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
