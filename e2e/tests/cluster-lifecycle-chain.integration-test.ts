import { AuthenticationV1Api, CoreV1Api, KubeConfig, VersionApi } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPlatformApiKeySecret, hostClusterSettings } from "@e2e/env/host-platform";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { kubeObjectExists } from "@e2e/env/kube/object-exists";
import { playVclusterOnNodePort, type NodePortVcluster } from "@e2e/env/node-port-vcluster";
import { CREATE_CONVERGED_WITHOUT_PLAN, stepOutcomes } from "@e2e/env/operation-step-outcomes";
import { waitFor } from "@e2e/env/wait-for";
import type { StepStatus } from "@/server/domain/clusters/operation-steps";
import type { ClusterJobStatus } from "@/server/domain/jobs/cluster-job";
import { NODE_BOOTSTRAP_GROUP } from "@/server/infra/kube/bootstrap-token-issuer";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import { postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import type { ClusterView } from "@/server/services/clusters/cluster-view";

/**
 * Issue 3's whole chain through the REST API in single-node mode, on real
 * parts: create → the cluster.create job (production handler registry,
 * in-process executor, real helm with the stand-in chart) → the test plays
 * vCluster coming up behind its NodePort → ready → join token → the token
 * authenticates at the vCluster apiserver as a bootstrapping node → the test
 * plays a kubelet registering → live node list → node operations → delete,
 * which uninstalls the release and waits for the namespace to go (the
 * controller manager runs). The platform reaches the cluster only through
 * https://127.0.0.1:<nodePort>, its production path.
 */
let kube: KubeCluster;
let api: InProcessApi;
let alice: { id: string; cookie: string };
let vcluster: NodePortVcluster | undefined;
let cluster: ClusterView;
let vcCore: CoreV1Api;

const BASE_URL = "https://console.example.test";
const NODE = "byon-node-1";

beforeAll(async () => {
  kube = await startKubeCluster({ controllerManager: true });
  await seedPlatformApiKeySecret(kube);
  api = await startInProcessApi("cluster_chain", { ...hostClusterSettings(kube), KUBEBYON_JOB_POLL_INTERVAL_MS: "500" }, { runJobs: true });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: BASE_URL } });
});

afterAll(async () => {
  await vcluster?.close();
  await api?.close();
  await kube?.stop();
});

type Json = Record<string, unknown>;
type NodeItem = { name: string; status: string; unschedulable: boolean; internal_ip: string | null };
type Operation = { kind: string; status: string; error: string | null; steps: Array<{ name: string; status: StepStatus; message: string | null }> };

async function call<T = Json>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await api.rest(method, path, { cookie: alice.cookie, body });
  return { status: res.status, body: (await res.json()) as T };
}

const getCluster = async () => (await call<ClusterView>("GET", `/clusters/${cluster.id}`)).body;

async function listNodes(): Promise<NodeItem[]> {
  const res = await call<{ items: NodeItem[] }>("GET", `/nodes?cluster_id=${cluster.id}`);
  expect(res.status).toBe(200);
  return res.body.items;
}

async function operations(): Promise<Operation[]> {
  return (await call<{ items: Operation[] }>("GET", `/clusters/${cluster.id}/operations`)).body.items;
}

const namespaceExists = (name: string) => kubeObjectExists(() => kube.kubeConfig().makeApiClient(CoreV1Api).readNamespace({ name }));

describe("cluster lifecycle, create to delete", () => {
  it("creates through POST /clusters and turns ready once vCluster comes up behind its NodePort", async () => {
    const created = await call<ClusterView>("POST", "/clusters", { name: "Chain Demo", control_plane_host: "127.0.0.1", public_access_mode: "nodeport" });
    expect(created.status).toBe(200);
    cluster = created.body;
    expect(cluster).toMatchObject({ status: "provisioning", vcluster_name: "chain-demo", namespace: "chain-demo", public_access_mode: "nodeport" });
    expect(cluster.id).toMatch(/^cl_/);

    vcluster = await playVclusterOnNodePort({ kube, vclusterName: cluster.vcluster_name, namespace: cluster.namespace });
    vcCore = vcluster.vc.kubeConfig().makeApiClient(CoreV1Api);
    // The row turns ready a moment before the operation and then the job are closed: wait for the job.
    const readJob = () => api.runtime.deps.db.clusterJob.findFirstOrThrow({ where: { clusterId: cluster.id, kind: "cluster.create" } });
    const job = await waitFor("the create job to finish", readJob, (j) => j.status !== "pending" && j.status !== "running");
    expect(job).toMatchObject({ status: "succeeded" satisfies ClusterJobStatus, attempts: 1, lastError: null });
    const ready = await getCluster();
    expect(ready).toMatchObject({
      status: "ready",
      last_error: null,
      api_endpoint: `https://127.0.0.1:${vcluster.nodePort}`,
      public_access_port: vcluster.nodePort,
      kubeconfig_available: true,
      connection_status: "connected",
    });
    cluster = ready;

    const [create] = await operations();
    expect(create).toMatchObject({ kind: "create", status: "succeeded", error: null });
    expect(stepOutcomes(create!.steps)).toEqual(CREATE_CONVERGED_WITHOUT_PLAN);

    // The kubeconfig the owner downloads works against the cluster it names.
    const kubeconfig = await call<{ kubeconfig: string }>("GET", `/clusters/${cluster.id}/kubeconfig`);
    expect(kubeconfig.body.kubeconfig).toContain(`server: "https://127.0.0.1:${vcluster.nodePort}"`);
    const downloaded = new KubeConfig();
    downloaded.loadFromString(kubeconfig.body.kubeconfig);
    expect((await downloaded.makeApiClient(VersionApi).getCode()).gitVersion).toBe(vcluster.vc.version);
  });

  it("issues a join token that the vCluster apiserver accepts as a node bootstrap token", async () => {
    const res = await call<{ token: string; join_command: string; join_token: { token_id: string } }>("POST", `/clusters/${cluster.id}/join-token`, { ttl_seconds: 3600 });
    expect(res.status).toBe(200);
    const [tokenId] = res.body.token.split(".");
    expect(res.body.join_token.token_id).toBe(tokenId);
    expect(res.body.join_command).toBe(`curl -fsSL "${BASE_URL}/api/join/clusters/${cluster.id}/script?token=${res.body.token}" | sh -`);

    // What the joining node does first: talk to the public endpoint with nothing but the CA and the token.
    const asNode = kubeConfigFromCredentials({ server: cluster.api_endpoint!, caPem: vcluster!.vc.tls.caPem, token: res.body.token });
    const review = await asNode
      .makeApiClient(AuthenticationV1Api)
      .createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
    expect(review.status?.userInfo?.username).toBe(`system:bootstrap:${tokenId}`);
    expect(review.status?.userInfo?.groups).toEqual(expect.arrayContaining(["system:bootstrappers", NODE_BOOTSTRAP_GROUP, "system:authenticated"]));

    // A guessed secret for the same id is refused.
    const forged = kubeConfigFromCredentials({ server: vcluster!.vc.server, caPem: vcluster!.vc.tls.caPem, token: `${tokenId}.0000000000000000` });
    await expect(
      forged.makeApiClient(AuthenticationV1Api).createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } }),
    ).rejects.toMatchObject({ code: 401 });
  });

  it("lists the node live: not_ready when the kubelet registers, ready after it reports Ready", async () => {
    expect(await listNodes()).toEqual([]);
    await registerNode(vcCore, NODE);
    await postNodeStatus(vcCore, NODE, "False", "10.30.0.7");
    expect(await listNodes()).toEqual([expect.objectContaining({ name: NODE, status: "not_ready", unschedulable: false, internal_ip: "10.30.0.7" })]);

    await postNodeStatus(vcCore, NODE, "True", "10.30.0.7");
    expect((await listNodes()).map((n) => `${n.name}:${n.status}`)).toEqual([`${NODE}:ready`]);
  });

  it("reflects cordon, uncordon, drain and delete in the live node list", async () => {
    const schedulable = async () => (await listNodes()).find((n) => n.name === NODE)?.unschedulable;

    expect((await call("POST", `/nodes/${NODE}/cordon`, { cluster_id: cluster.id })).status).toBe(200);
    expect(await schedulable()).toBe(true);
    expect((await call("POST", `/nodes/${NODE}/uncordon`, { cluster_id: cluster.id })).status).toBe(200);
    expect(await schedulable()).toBe(false);

    const drained = await call("POST", `/nodes/${NODE}/drain`, { cluster_id: cluster.id, timeout_seconds: 20 });
    expect(drained).toMatchObject({ status: 200, body: { node: NODE, completed: true, pods: [] } });
    expect(await schedulable()).toBe(true);

    const deleted = await call("DELETE", `/nodes/${NODE}?cluster_id=${cluster.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { node_name: NODE, deleted: true } });
    expect(await listNodes()).toEqual([]);
  });

  it("deletes the cluster: the job uninstalls the release, waits until the namespace is gone and marks the row deleted", async () => {
    const res = await call<ClusterView>("DELETE", `/clusters/${cluster.id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("deleting");

    const [del] = await waitFor("the delete operation to finish", operations, ([op]) => op?.kind === "delete" && (op.status === "succeeded" || op.status === "failed"), 120_000);
    const gone = await getCluster();
    expect(gone).toMatchObject({ status: "deleted", api_endpoint: null, kubeconfig_available: false });
    expect(gone.deleted_at).not.toBeNull();
    expect(await namespaceExists(cluster.namespace)).toBe(false);

    expect(del).toMatchObject({ kind: "delete", status: "succeeded", error: null });
    expect(stepOutcomes(del!.steps)).toEqual(["helm_uninstall:succeeded", "delete_namespace:succeeded", "mark_deleted:succeeded"]);
    // helm keeps its release records as Secrets in the namespace; none is left anywhere.
    const releases = await kube.helm(["list", "--all-namespaces", "--all", "-q"]);
    expect(releases.stdout.trim()).toBe("");
  });
});
