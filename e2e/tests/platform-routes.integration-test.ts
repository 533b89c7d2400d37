import { AuthenticationV1Api, CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, VersionApi } from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchNodeJoinScript } from "@e2e/env/join-session-from-wrapper";
import { hostClusterSettings, seedPlatformApiKeySecret } from "@e2e/env/host-platform";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startVclusterJoinFront, type JoinEndpointStandIn } from "@e2e/env/join-endpoint-stand-in";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { playVclusterBehindService } from "@e2e/env/node-port-vcluster";
import { CREATE_CONVERGED_WITHOUT_PLAN, stepOutcomes } from "@e2e/env/operation-step-outcomes";
import { waitFor } from "@e2e/env/wait-for";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import { postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import type { ClusterView } from "@/server/services/clusters/cluster-view";

/**
 * The platform's route to each vCluster (KUBEBYON_VCLUSTER_ROUTE, "auto" =
 * cluster-ip here since the platform runs outside the host) end to end through
 * the REST API, with no override: the host's ClusterIPs are loopback, the
 * kube-proxy stand-in forwards them (and LB ingress IPs and NodePorts) to
 * stand-in vClusters whose certificates follow vCluster's SAN rules. Public
 * access off works all the way to a joined node; NodePort without
 * control_plane_host takes the host address from the Nodes (or the admin's
 * setting) and puts it in extraSANs before helm runs.
 */
let kube: KubeCluster;
let api: InProcessApi;
let alice: { id: string; cookie: string };
let admin: { id: string; cookie: string };
const played: Array<{ close(): Promise<void> }> = [];
let front: JoinEndpointStandIn | undefined;
const BASE_URL = "https://console.example.test";

type Json = Record<string, unknown>;
type Operation = { kind: string; status: string; error: string | null; steps: Array<{ name: string; status: string; message: string | null }> };

async function call<T = Json>(who: { cookie: string }, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await api.rest(method, path, { cookie: who.cookie, body });
  return { status: res.status, body: (await res.json()) as T };
}

const getCluster = async (id: string) => (await call<ClusterView>(alice, "GET", `/clusters/${id}`)).body;
const operations = async (id: string) => (await call<{ items: Operation[] }>(alice, "GET", `/clusters/${id}/operations`)).body.items;

async function createAndPlay(body: Json): Promise<{ cluster: ClusterView; vc: VirtualCluster }> {
  const created = await call<ClusterView>(alice, "POST", "/clusters", body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const vcluster = await playVclusterBehindService({ kube, vclusterName: created.body.vcluster_name, namespace: created.body.namespace });
  played.push(vcluster);
  const job = await waitFor(
    `the create job of ${created.body.name}`,
    () => api.runtime.deps.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.body.id, kind: "cluster.create" } }),
    (j) => j.status !== "pending" && j.status !== "running",
    60_000,
  );
  expect(job, job.lastError ?? "").toMatchObject({ status: "succeeded", attempts: 1 });
  return { cluster: await getCluster(created.body.id), vc: vcluster.vc };
}

async function extraSans(cluster: ClusterView): Promise<string[]> {
  const secret = await kube.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `vc-config-${cluster.vcluster_name}`, namespace: cluster.namespace });
  const values = parseYaml(Buffer.from(secret.data?.["config.yaml"] ?? "", "base64").toString()) as { controlPlane?: { proxy?: { extraSANs?: string[] } } };
  return values.controlPlane?.proxy?.extraSANs ?? [];
}

async function kubeconfigVersion(clusterId: string): Promise<{ server: string; version: string | undefined }> {
  const res = await call<{ kubeconfig: string }>(alice, "GET", `/clusters/${clusterId}/kubeconfig`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const kc = new KubeConfig();
  kc.loadFromString(res.body.kubeconfig);
  return { server: kc.getCurrentCluster()?.server ?? "", version: (await kc.makeApiClient(VersionApi).getCode()).gitVersion };
}

const joinScript = async (clusterId: string, token: string) => {
  const { GET } = await import("@/app/api/join/clusters/[clusterId]/script/route");
  const url = `${BASE_URL}/api/join/clusters/${clusterId}/script?token=${encodeURIComponent(token)}`;
  return GET(new Request(url, { headers: { "x-forwarded-for": "203.0.113.50" } }), { params: Promise.resolve({ clusterId }) });
};

beforeAll(async () => {
  kube = await startKubeCluster({ controllerManager: true });
  await seedPlatformApiKeySecret(kube);
  api = await startInProcessApi("platform_routes", { ...hostClusterSettings(kube), KUBEBYON_JOB_POLL_INTERVAL_MS: "300" }, { runJobs: true });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  admin = await api.createUser("boss@example.test", "boss-password-123", "admin");
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: BASE_URL } });
});

afterAll(async () => {
  await front?.stop();
  for (const p of played) await p.close().catch(() => undefined);
  await api?.close();
  await kube?.stop();
});

describe("nodeport without control_plane_host and no Ready host Node", () => {
  it("fails the helm step, telling the operator what to set", async () => {
    const created = await call<ClusterView>(alice, "POST", "/clusters", { name: "No Host", public_access_mode: "nodeport" });
    expect(created.status).toBe(200);
    const op = await waitFor(
      "the helm step to fail",
      async () => (await operations(created.body.id))[0],
      (o) => o?.steps.some((s) => s.name === "helm_install" && s.status === "failed") ?? false,
      30_000,
    );
    const step = op!.steps.find((s) => s.name === "helm_install");
    expect(step?.message).toMatch(/control_plane_host is empty, but the host cluster has no Ready Node.*nodeport_host_address/);
    expect((await getCluster(created.body.id)).last_error).toMatch(/nodeport_host_address/);
    // Out of the way before Nodes appear (its retry would then install a release nobody plays).
    expect((await call(alice, "DELETE", `/clusters/${created.body.id}`)).status).toBe(200);
    await waitFor("the cluster without a host to be deleted", () => getCluster(created.body.id), (c) => c.status === "deleted", 60_000);
  });
});

describe("public access off: the ClusterIP route end to end", () => {
  let cluster: ClusterView;
  let vc: VirtualCluster;
  let token: string;

  it("creates and turns ready with no public endpoint, probed over https://<ClusterIP>:443", async () => {
    ({ cluster, vc } = await createAndPlay({ name: "Quiet", public_access_mode: "off" }));
    expect(cluster).toMatchObject({ status: "ready", api_endpoint: null, kubeconfig_available: false, connection_status: "disabled", public_access_enabled: false });
    const [create] = await operations(cluster.id);
    expect(stepOutcomes(create!.steps)).toEqual(CREATE_CONVERGED_WITHOUT_PLAN);
  });

  it("issues a join token in the vCluster over that route; no direct command without a public endpoint", async () => {
    // vCluster serves the API and /node/join on one port: put that front behind the Service.
    front = await startVclusterJoinFront(vc);
    await vc.routeServiceTo(front.endpoint);

    const res = await call<{ token: string; direct_join_command: string | null }>(alice, "POST", `/clusters/${cluster.id}/join-token`, { ttl_seconds: 3600 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    token = res.body.token;
    expect(res.body.direct_join_command).toBeNull();
    const [id] = token.split(".");
    await vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `bootstrap-token-${id}`, namespace: "kube-system" });
    const review = await kubeConfigFromCredentials({ server: vc.server, caPem: vc.tls.caPem, token })
      .makeApiClient(AuthenticationV1Api)
      .createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
    expect(review.status?.userInfo?.username).toBe(`system:bootstrap:${id}`);
  });

  it("the join proxy serves the vCluster's own script to a join session, fetched over the platform route", async () => {
    const before = front!.requests();
    const wrapper = await (await joinScript(cluster.id, token)).text();
    const res = await fetchNodeJoinScript({ baseUrl: BASE_URL, wrapper, token, clientIp: "203.0.113.50" });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(body).toContain("# vCluster join script (KubeBYON test stand-in)");
    expect(body).toContain(`TOKEN_ID="${token.split(".")[0]}"`);
    expect(front!.requests()).toBe(before + 1);
  });

  it("lists the node that joined", async () => {
    const vcCore = vc.kubeConfig().makeApiClient(CoreV1Api);
    await registerNode(vcCore, "quiet-node-1");
    await postNodeStatus(vcCore, "quiet-node-1", "True", "10.30.0.9");
    const res = await call<{ items: Array<{ name: string; status: string }> }>(alice, "GET", `/nodes?cluster_id=${cluster.id}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([expect.objectContaining({ name: "quiet-node-1", status: "ready" })]);
  });
});

describe("loadbalancer", () => {
  it("control_plane_host in extraSANs; once the provider assigns it, the downloaded kubeconfig verifies TLS there", async () => {
    const { cluster, vc } = await createAndPlay({ name: "Balanced", public_access_mode: "loadbalancer", control_plane_host: "127.0.20.5" });
    expect(cluster).toMatchObject({ status: "ready", api_endpoint: "https://127.0.20.5:443", connection_status: "connected" });
    expect(await extraSans(cluster)).toContain("127.0.20.5");
    // Play the load-balancer provider.
    await kube.kubeConfig().makeApiClient(CoreV1Api).patchNamespacedServiceStatus(
      { name: cluster.vcluster_name, namespace: cluster.namespace, body: { status: { loadBalancer: { ingress: [{ ip: "127.0.20.5" }] } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    await vc.syncSans();
    await kube.proxy.syncNow();
    expect(await kubeconfigVersion(cluster.id)).toEqual({ server: "https://127.0.20.5:443", version: vc.version });
  });
});

describe("nodeport without control_plane_host: the host address from the Nodes", () => {
  let cluster: ClusterView;
  let vc: VirtualCluster;
  let nodePort: number;

  it("takes a Ready Node's ExternalIP, puts it in extraSANs, and uses it for api_endpoint, kubeconfig and direct_join_command", async () => {
    await kube.addNode({ name: "host-a", internalIP: "127.0.10.1", externalIP: "127.0.11.1" });
    await kube.addNode({ name: "host-b", internalIP: "127.0.10.2" });
    ({ cluster, vc } = await createAndPlay({ name: "Ported", public_access_mode: "nodeport" }));
    nodePort = cluster.public_access_port ?? 0;
    expect(nodePort).toBeGreaterThanOrEqual(30000);
    expect(cluster).toMatchObject({ status: "ready", api_endpoint: `https://127.0.11.1:${nodePort}`, kubeconfig_available: true, connection_status: "connected" });
    expect(await extraSans(cluster)).toEqual(["127.0.11.1"]);
    expect(await kubeconfigVersion(cluster.id)).toEqual({ server: `https://127.0.11.1:${nodePort}`, version: vc.version });
    const res = await call<{ token: string; direct_join_command: string }>(alice, "POST", `/clusters/${cluster.id}/join-token`, { ttl_seconds: 3600 });
    expect(res.body.direct_join_command).toBe(`curl -fsSLk "https://127.0.11.1:${nodePort}/node/join?token=${res.body.token}" | sh -`);
  });

  it("the admin's nodeport_host_address overrides it: saving re-renders extraSANs, api_endpoint and the kubeconfig", async () => {
    // host-b is not the control-plane Pod's node: only extraSANs can put its address in the certificate.
    expect(vc.sans()).not.toContain("127.0.10.2");
    const saved = await call<{ nodeport_host_address: string | null }>(admin, "PATCH", "/admin/settings", { nodeport_host_address: "127.0.10.2" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.nodeport_host_address).toBe("127.0.10.2");

    const updated = await waitFor(
      "the update job the setting started",
      () => api.runtime.deps.db.clusterJob.findFirst({ where: { clusterId: cluster.id, kind: "cluster.update" } }),
      (j) => j !== null && j.status !== "pending" && j.status !== "running",
      60_000,
    );
    expect(updated, updated?.lastError ?? "").toMatchObject({ status: "succeeded" });
    expect(await getCluster(cluster.id)).toMatchObject({ status: "ready", api_endpoint: `https://127.0.10.2:${nodePort}` });
    expect(await extraSans(cluster)).toEqual(["127.0.10.2"]);
    await vc.syncSans();
    expect(vc.sans()).toContain("127.0.10.2");
    expect(await kubeconfigVersion(cluster.id)).toEqual({ server: `https://127.0.10.2:${nodePort}`, version: vc.version });
  });

  it("refuses a setting that is not an address, saying what to enter", async () => {
    const res = await call<{ message: string }>(admin, "PATCH", "/admin/settings", { nodeport_host_address: "https://127.0.10.2:6443" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/nodeport_host_address must be the IP address or host name/);
  });
});
