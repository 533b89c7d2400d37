import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ApiException, AuthenticationV1Api, CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, VCLUSTER_IN_POD_SERVER, type KubeCluster } from "@e2e/env/kube-cluster";

const smokeChart = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/charts/smoke");

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function inCidr(ip: string, cidr: string): boolean {
  const [base = "", bits = "32"] = cidr.split("/");
  const size = 2 ** (32 - Number(bits));
  const start = ipv4ToInt(base);
  const value = ipv4ToInt(ip);
  return value >= start && value < start + size;
}

function canConnect(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function statusCodeOf(promise: Promise<unknown>): Promise<number | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (err) {
    if (err instanceof ApiException) return err.code;
    throw err;
  }
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}: ${String(last)}`);
}

function tokenKubeConfig(server: string, caData: string, token: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "c", server, caData }],
    users: [{ name: "u", token }],
    contexts: [{ name: "ctx", cluster: "c", user: "u" }],
    currentContext: "ctx",
  });
  return kc;
}

let cluster: KubeCluster;
let core: CoreV1Api;

beforeAll(async () => {
  cluster = await startKubeCluster({ controllerManager: true });
  core = cluster.kubeConfig().makeApiClient(CoreV1Api);
  console.log(`[kube-smoke] kube-apiserver ${cluster.version} at ${cluster.server}, started with controller-manager in ${cluster.startupMs} ms`);
});

afterAll(async () => {
  await cluster?.stop();
});

describe("host kube-apiserver", () => {
  it("reports a real release version", () => {
    expect(cluster.version).toMatch(/^v1\.\d+\.\d+$/);
  });

  it("stores namespaces and Secrets and allocates ClusterIPs and NodePorts", async () => {
    const namespace = `smoke-${randomBytes(3).toString("hex")}`;
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await core.createNamespacedSecret({
      namespace,
      body: { metadata: { name: "creds" }, stringData: { password: "s3cret" } },
    });
    const secret = await core.readNamespacedSecret({ name: "creds", namespace });
    expect(Buffer.from(secret.data?.password ?? "", "base64").toString()).toBe("s3cret");

    await core.createNamespacedService({
      namespace,
      body: {
        metadata: { name: "web" },
        spec: { type: "NodePort", selector: { app: "web" }, ports: [{ port: 80, targetPort: 8080 }] },
      },
    });
    const service = await core.readNamespacedService({ name: "web", namespace });
    const nodePort = service.spec?.ports?.[0]?.nodePort ?? 0;
    expect(nodePort).toBeGreaterThanOrEqual(30000);
    expect(nodePort).toBeLessThanOrEqual(32767);
    expect(inCidr(service.spec?.clusterIP ?? "", cluster.serviceClusterIpRange)).toBe(true);
    expect(cluster.serviceClusterIpRange).toMatch(/^127\./);
  });

  it("installs a local chart with the real helm binary", async () => {
    const namespace = `helm-${randomBytes(3).toString("hex")}`;
    await cluster.helm([
      "upgrade", "--install", "demo", smokeChart,
      "-n", namespace, "--create-namespace", "--wait=false",
      "--set", "service.type=NodePort", "--set", "greeting=hi from helm",
    ]);
    const { stdout } = await cluster.helm(["status", "demo", "-n", namespace, "-o", "json"]);
    const status = JSON.parse(stdout) as { info?: { status?: string } };
    expect(status.info?.status).toBe("deployed");

    const configMap = await core.readNamespacedConfigMap({ name: "demo-settings", namespace });
    expect(configMap.data?.greeting).toBe("hi from helm");
    const service = await core.readNamespacedService({ name: "demo", namespace });
    expect(service.spec?.type).toBe("NodePort");
  });

  it("finishes namespace deletion because kube-controller-manager runs", async () => {
    const namespace = `gone-${randomBytes(3).toString("hex")}`;
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: "leftover" }, data: { a: "b" } } });
    await core.deleteNamespace({ name: namespace });
    await eventually(`namespace ${namespace} to disappear`, async () =>
      (await statusCodeOf(core.readNamespace({ name: namespace }))) === 404 ? true : undefined,
    );
  });

  it("deletes expired bootstrap tokens because tokencleaner runs", async () => {
    const tokenId = randomBytes(3).toString("hex");
    const name = `bootstrap-token-${tokenId}`;
    await core.createNamespacedSecret({
      namespace: "kube-system",
      body: {
        metadata: { name },
        type: "bootstrap.kubernetes.io/token",
        stringData: {
          "token-id": tokenId,
          "token-secret": randomBytes(8).toString("hex"),
          expiration: "2000-01-01T00:00:00Z",
          "usage-bootstrap-authentication": "true",
        },
      },
    });
    await eventually(`expired Secret ${name} to be deleted`, async () =>
      (await statusCodeOf(core.readNamespacedSecret({ name, namespace: "kube-system" }))) === 404 ? true : undefined,
      30_000,
    );
  });
});

describe("virtual cluster", () => {
  it("exports its kubeconfig like vCluster and accepts bootstrap tokens", async () => {
    const started = Date.now();
    const vc = await cluster.startVirtualCluster({ name: "demo", namespace: "team-a" });
    console.log(`[kube-smoke] virtual cluster ${vc.version} at ${vc.server}, apiserver ready in ${vc.startupMs} ms (${Date.now() - started} ms with Secret)`);
    try {
      const secret = await core.readNamespacedSecret({ name: "vc-demo", namespace: "team-a" });
      expect(secret.metadata?.labels).toMatchObject({ app: "vcluster", "vcluster-name": "demo" });
      const data = Object.fromEntries(
        Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(value, "base64").toString()]),
      );
      expect(Object.keys(data).sort()).toEqual(["certificate-authority", "client-certificate", "client-key", "config"]);
      const exported = parseYaml(data.config ?? "") as { clusters: Array<{ cluster: { server: string } }> };
      expect(exported.clusters[0]?.cluster.server).toBe(VCLUSTER_IN_POD_SERVER);

      // The exported credentials work once the address is swapped for the real one,
      // and they reach a separate API server, not the host.
      const fromSecret = new KubeConfig();
      fromSecret.loadFromString((data.config ?? "").replace(VCLUSTER_IN_POD_SERVER, vc.server));
      const vcCore = fromSecret.makeApiClient(CoreV1Api);
      const vcNamespaces = await vcCore.listNamespace();
      expect(vcNamespaces.items.map((ns) => ns.metadata?.name)).not.toContain("team-a");

      const tokenId = randomBytes(3).toString("hex");
      const tokenSecret = randomBytes(8).toString("hex");
      await vcCore.createNamespacedSecret({
        namespace: "kube-system",
        body: {
          metadata: { name: `bootstrap-token-${tokenId}` },
          type: "bootstrap.kubernetes.io/token",
          stringData: {
            "token-id": tokenId,
            "token-secret": tokenSecret,
            expiration: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z"),
            "usage-bootstrap-authentication": "true",
            "usage-bootstrap-signing": "true",
            "auth-extra-groups": "system:bootstrappers:kubeadm:default-node-token",
          },
        },
      });
      const caData = Buffer.from(data["certificate-authority"] ?? "").toString("base64");
      const asToken = tokenKubeConfig(vc.server, caData, `${tokenId}.${tokenSecret}`).makeApiClient(AuthenticationV1Api);
      // The token authenticator reads Secrets through an informer, so give it a moment.
      const review = await eventually("the bootstrap token to authenticate", () =>
        asToken.createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } }),
        15_000,
      );
      expect(review.status?.userInfo?.username).toBe(`system:bootstrap:${tokenId}`);
      expect(review.status?.userInfo?.groups).toContain("system:bootstrappers:kubeadm:default-node-token");

      const wrongSecret = tokenKubeConfig(vc.server, caData, `${tokenId}.${"0".repeat(16)}`).makeApiClient(AuthenticationV1Api);
      expect(await statusCodeOf(wrongSecret.createSelfSubjectReview({ body: {} }))).toBe(401);

      // Not accepted by the host: each apiserver trusts only its own tokens.
      const hostCaData = cluster.kubeConfig().getCurrentCluster()?.caData ?? "";
      const onHost = tokenKubeConfig(cluster.server, hostCaData, `${tokenId}.${tokenSecret}`);
      expect(await statusCodeOf(onHost.makeApiClient(AuthenticationV1Api).createSelfSubjectReview({ body: {} }))).toBe(401);
    } finally {
      await vc.stop();
    }
    expect(await canConnect(vc.server)).toBe(false);
  });
});
