import { writeFile } from "node:fs/promises";
import path from "node:path";
import { AppsV1Api, CoreV1Api, type V1Deployment, type V1Pod, type V1Service, type V1ServiceAccount } from "@kubernetes/client-node";
import { parseAllDocuments } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { freePort } from "@e2e/env/kube/free-port";
import { INGRESS_NGINX_STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { INGRESS_NGINX_PROFILE } from "@/server/domain/managed-ingress/controller-profile";
import { KubeManagedIngressControllerReader, labelSelectorQuery } from "./managed-ingress-controller-reader";
import { mergePatch, postNodeStatus, registerNode, vclusterCredentials } from "./node-kubelet.test-fixtures";

/**
 * KubeManagedIngressControllerReader against a stand-in vCluster (a second kube-apiserver, reached with the
 * credentials the platform builds from Secret vc-<name>). The controller's Deployment, ServiceAccount and NodePort
 * Service are what the stand-in ingress-nginx chart renders for the profile's values (`helm template`), so names,
 * selector and ports match the real chart. No controller manager runs: the test creates the Deployment's Pods and
 * posts their status (podIP, Ready) the way the kubelet would, and the Nodes' status like a joined node's kubelet.
 */
const P = INGRESS_NGINX_PROFILE;
const ns = P.namespace;
let kube: KubeCluster;
let vc: VirtualCluster;
let credentials: ClusterCredentials;
let core: CoreV1Api;
let apps: AppsV1Api;
let rendered: { serviceAccount: V1ServiceAccount; deployment: V1Deployment; service: V1Service };
const reader = new KubeManagedIngressControllerReader();

async function renderChart(): Promise<typeof rendered> {
  const values = path.join(kube.dir, "ingress-values.json");
  await writeFile(values, JSON.stringify(P.values));
  const out = await kube.helm(["template", P.releaseName, INGRESS_NGINX_STAND_IN_CHART, "--namespace", ns, "--values", values]);
  const docs = parseAllDocuments(out.stdout).map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } } | null).filter((d) => d !== null);
  const find = <T>(kind: string, name: string): T => {
    const doc = docs.find((d) => d.kind === kind && d.metadata?.name === name);
    if (!doc) throw new Error(`the stand-in chart renders no ${kind} ${name}`);
    return doc as T;
  };
  return {
    serviceAccount: find<V1ServiceAccount>("ServiceAccount", P.releaseName),
    deployment: find<V1Deployment>("Deployment", P.readiness.deployment),
    service: find<V1Service>("Service", P.readiness.service.name),
  };
}

/** A Pod of the Deployment as its ReplicaSet would create it, already bound to `node`. */
async function createControllerPod(name: string, node: string): Promise<void> {
  const template = rendered.deployment.spec!.template;
  await core.createNamespacedPod({
    namespace: ns,
    body: { metadata: { name, labels: { ...template.metadata?.labels, "pod-template-hash": "5d8f7c9b4" } }, spec: { ...template.spec!, nodeName: node } },
  });
}

/** What the kubelet posts once the containers run (pod-kubelet-stand-in.ts): phase, conditions, hostIP and podIP(s). */
async function postPodStatus(name: string, opts: { ready: boolean; podIP?: string }): Promise<void> {
  const now = new Date();
  const status: V1Pod["status"] = {
    phase: "Running",
    conditions: [
      { type: "PodScheduled", status: "True", lastTransitionTime: now },
      { type: "Initialized", status: "True", lastTransitionTime: now },
      { type: "ContainersReady", status: opts.ready ? "True" : "False", lastTransitionTime: now },
      { type: "Ready", status: opts.ready ? "True" : "False", reason: opts.ready ? undefined : "ContainersNotReady", lastTransitionTime: now },
    ],
    containerStatuses: [{ name: "controller", image: "registry.k8s.io/ingress-nginx/controller:v1.15.1", imageID: "", ready: opts.ready, started: true, restartCount: 0, state: { running: { startedAt: now } } }],
    hostIP: "10.20.0.11",
    startTime: now,
    ...(opts.podIP ? { podIP: opts.podIP, podIPs: [{ ip: opts.podIP }] } : {}),
  };
  await core.patchNamespacedPodStatus({ name, namespace: ns, body: { status } }, mergePatch);
}

beforeAll(async () => {
  kube = await startKubeCluster();
  vc = await kube.startVirtualCluster({ name: "edge-reader", namespace: "tenant-edge-reader" });
  credentials = await vclusterCredentials(kube, vc);
  const kc = vc.kubeConfig();
  core = kc.makeApiClient(CoreV1Api);
  apps = kc.makeApiClient(AppsV1Api);
  rendered = await renderChart();
  await core.createNamespace({ body: { metadata: { name: ns } } });
}, 240_000);

afterAll(async () => {
  await kube?.stop();
});

describe("KubeManagedIngressControllerReader against a stand-in vCluster", () => {
  it("reads nothing before the controller is installed or a node joined", async () => {
    expect(await reader.read(credentials)).toEqual({ pods: [], httpNodePort: null, nodes: [] });
  });

  it("reads the controller's pods by the Deployment's selector, its Service's http NodePort and the joined Nodes", async () => {
    await core.createNamespacedServiceAccount({ namespace: ns, body: rendered.serviceAccount });
    const deployment = await apps.createNamespacedDeployment({ namespace: ns, body: rendered.deployment });
    expect(labelSelectorQuery(deployment.spec?.selector)).toBe(
      "app.kubernetes.io/component=controller,app.kubernetes.io/instance=kubebyon-managed-ingress,app.kubernetes.io/name=ingress-nginx",
    );
    const service = await core.createNamespacedService({ namespace: ns, body: rendered.service });
    const httpNodePort = service.spec?.ports?.find((p) => p.name === "http")?.nodePort;
    const httpsNodePort = service.spec?.ports?.find((p) => p.name === "https")?.nodePort;
    expect(httpNodePort).toBeGreaterThan(0);
    expect(httpsNodePort).not.toBe(httpNodePort);

    // Joined nodes: one Ready (InternalIP + ExternalIP), one NotReady, one registered without status yet.
    await registerNode(core, "worker-a");
    await postNodeStatus(core, "worker-a", "True", "10.20.0.11");
    await core.patchNodeStatus({ name: "worker-a", body: { status: { addresses: [{ type: "InternalIP", address: "10.20.0.11" }, { type: "ExternalIP", address: "203.0.113.11" }, { type: "Hostname", address: "worker-a" }] } } }, mergePatch);
    await registerNode(core, "worker-b");
    await postNodeStatus(core, "worker-b", "False", "10.20.0.12");
    await registerNode(core, "worker-c");

    // The controller's pods in every state the decision cares about.
    for (const name of ["ctrl-ready", "ctrl-ready-v6", "ctrl-unready", "ctrl-pending", "ctrl-terminating"]) await createControllerPod(name, "worker-a");
    await postPodStatus("ctrl-ready", { ready: true, podIP: "10.244.1.10" });
    await postPodStatus("ctrl-ready-v6", { ready: true, podIP: "fd00:10:244::10" });
    await postPodStatus("ctrl-unready", { ready: false, podIP: "10.244.1.11" });
    await postPodStatus("ctrl-terminating", { ready: true, podIP: "10.244.1.12" });
    // Bound to a node and with a grace period, so the apiserver only marks it (deletionTimestamp) and waits for the kubelet.
    await core.deleteNamespacedPod({ name: "ctrl-terminating", namespace: ns });
    expect((await core.readNamespacedPod({ name: "ctrl-terminating", namespace: ns })).metadata?.deletionTimestamp).toBeDefined();
    // Another pod of the namespace (an admission hook Job's) is not the controller's.
    await core.createNamespacedPod({
      namespace: ns,
      body: { metadata: { name: "admission-create-x7k2p", labels: { "app.kubernetes.io/instance": P.releaseName, "app.kubernetes.io/component": "admission-webhook" } }, spec: { nodeName: "worker-a", containers: [{ name: "create", image: "registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.6.5" }], serviceAccountName: P.releaseName } },
    });
    await postPodStatus("admission-create-x7k2p", { ready: true, podIP: "10.244.1.20" });

    expect(await reader.read(credentials)).toEqual({
      pods: [
        { name: "ctrl-pending", ip: null, ready: false },
        { name: "ctrl-ready", ip: "10.244.1.10", ready: true },
        { name: "ctrl-ready-v6", ip: "fd00:10:244::10", ready: true },
        { name: "ctrl-terminating", ip: "10.244.1.12", ready: false },
        { name: "ctrl-unready", ip: "10.244.1.11", ready: false },
      ],
      httpNodePort,
      nodes: [
        { name: "worker-a", ready: true, addresses: [{ type: "InternalIP", address: "10.20.0.11" }, { type: "ExternalIP", address: "203.0.113.11" }, { type: "Hostname", address: "worker-a" }] },
        { name: "worker-b", ready: false, addresses: [{ type: "InternalIP", address: "10.20.0.12" }, { type: "Hostname", address: "worker-b" }] },
        { name: "worker-c", ready: false, addresses: [] },
      ],
    });
  });

  it("reads no NodePort while the Service is missing or has none for http, and no pods once the Deployment is gone", async () => {
    await core.deleteNamespacedService({ name: P.readiness.service.name, namespace: ns });
    let view = await reader.read(credentials);
    expect(view.httpNodePort).toBeNull();
    expect(view.pods.map((p) => p.name)).toContain("ctrl-ready");

    // Changed to ClusterIP (e.g. by hand): the Service exists but its http port has no NodePort.
    await core.createNamespacedService({ namespace: ns, body: { ...rendered.service, spec: { ...rendered.service.spec, type: "ClusterIP" } } });
    expect((await reader.read(credentials)).httpNodePort).toBeNull();

    // The pods outlive their Deployment here (no garbage collector), yet without the Deployment there is no controller to read.
    await apps.deleteNamespacedDeployment({ name: P.readiness.deployment, namespace: ns });
    view = await reader.read(credentials);
    expect(view.pods).toEqual([]);
    expect(view.nodes.map((n) => n.name)).toEqual(["worker-a", "worker-b", "worker-c"]);
  });

  it("throws when the cluster's API server cannot be reached", async () => {
    // A port nothing listens on; not port 1, which fetch refuses before connecting (a "bad port").
    const closed = `https://127.0.0.1:${await freePort()}`;
    const err: unknown = await reader.read({ ...credentials, server: closed }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/^Could not reach the cluster's API server to (read Deployment|read Service|list nodes).* \(ECONNREFUSED\)/) });
  });

  it("throws the API server's answer when it refuses the platform's credentials", async () => {
    const err: unknown = await reader.read({ ...credentials, clientCertPem: undefined, clientKeyPem: undefined, token: "not-a-token" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/^The cluster refused the platform's credentials/) });
  });
});
