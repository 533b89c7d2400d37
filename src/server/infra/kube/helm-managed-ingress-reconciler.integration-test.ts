import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AdmissionregistrationV1Api, AppsV1Api, BatchV1Api, CoreV1Api, NetworkingV1Api, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { playPodKubelet, type PodKubelet } from "@e2e/env/pod-kubelet-stand-in";
import { INGRESS_NGINX_STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { waitFor } from "@e2e/env/wait-for";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { MANAGED_INGRESS_PROFILE } from "@/server/domain/managed-ingress/controller-profile";
import { NoReadyNodeError } from "@/server/domain/managed-ingress/no-ready-node";
import { HelmManagedIngressReconciler } from "./helm-managed-ingress-reconciler";
import { vclusterCredentials } from "./node-kubelet.test-fixtures";

/**
 * The managed ingress adapter with the real helm CLI against a stand-in vCluster apiserver that runs
 * kube-controller-manager (Deployment -> ReplicaSet -> Pods, Jobs), with the stand-in ingress-nginx chart;
 * the test plays the kubelet (playPodKubelet), so helm's hook Jobs complete and the Deployment becomes
 * Available only through the real controllers.
 */
let kube: KubeCluster;
let vc: VirtualCluster;
let credentials: ClusterCredentials;
let chartDir: string;
let helmHome: string;
let reconciler: HelmManagedIngressReconciler;
let kubelet: PodKubelet | undefined;
const P = MANAGED_INGRESS_PROFILE;
const ns = P.namespace;

async function exists(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (err) {
    if ((err as { code?: number }).code === 404) return false;
    throw err;
  }
}

const releaseExists = () => vc.helm(["status", P.releaseName, "--namespace", ns]).then(() => true, (err: Error) => {
  if (/release: not found/.test(err.message)) return false;
  throw err;
});

const helmRevision = async () => {
  const out = await vc.helm(["history", P.releaseName, "--namespace", ns, "--output", "json"]);
  const history = JSON.parse(out.stdout) as Array<{ revision: number; status: string }>;
  return history.at(-1)!;
};

beforeAll(async () => {
  kube = await startKubeCluster();
  vc = await kube.startVirtualCluster({ name: "ingress-vc", namespace: "tenant-ingress", controllerManager: true });
  credentials = await vclusterCredentials(kube, vc);
  helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-ingress-"));
  chartDir = path.join(helmHome, "ingress-nginx");
  await cp(INGRESS_NGINX_STAND_IN_CHART, chartDir, { recursive: true });
  reconciler = new HelmManagedIngressReconciler({
    helmBin: kube.tools.helm,
    helmHome,
    chart: { chart: chartDir, repo: "https://charts.invalid", version: "0.0.0" },
    helmTimeoutMs: 60_000,
  });
}, 240_000);

afterAll(async () => {
  await kubelet?.stop();
  await kube?.stop();
  if (helmHome) await rm(helmHome, { recursive: true, force: true });
});

describe("HelmManagedIngressReconciler", () => {
  it("refuses to install while the cluster has no Ready node, and reports what is missing", async () => {
    const refused = await reconciler.ensure({ credentials }).catch((error: unknown) => error);
    // Typed, so the managed_ingress step can wait for a node instead of failing (managed-ingress-step.ts).
    expect(refused).toBeInstanceOf(NoReadyNodeError);
    expect(refused).toMatchObject({ joinedNodes: 0, message: expect.stringMatching(/no Ready node to run the managed ingress controller on .*join a node/) });
    expect(await reconciler.status({ credentials })).toEqual({ ready: false, reason: `Deployment ${ns}/kubebyon-managed-ingress-controller does not exist` });
    expect(await releaseExists()).toBe(false);
  });

  it("installs the chart (hooks included) and becomes ready once the controller's Pod runs; a re-run touches nothing", async () => {
    kubelet = await playPodKubelet({ kubeConfig: vc.kubeConfig(), node: "worker-1", namespace: ns });
    const first = await reconciler.ensure({ credentials });
    expect(first).toEqual({ action: "installed", revision: 1 });
    const ready = await waitFor("the controller to be healthy", () => reconciler.status({ credentials }), (h) => h.ready, 60_000);
    expect(ready).toMatchObject({ ready: true, ingressClass: "kubebyon" });

    const kc = vc.kubeConfig();
    const apps = kc.makeApiClient(AppsV1Api);
    const deployment = await apps.readNamespacedDeployment({ name: "kubebyon-managed-ingress-controller", namespace: ns });
    expect(deployment.status?.conditions?.find((c) => c.type === "Available")?.status).toBe("True");
    const replicaSets = await apps.listNamespacedReplicaSet({ namespace: ns });
    expect(replicaSets.items.map((r) => r.metadata?.ownerReferences?.[0]?.name)).toEqual(["kubebyon-managed-ingress-controller"]);
    expect(kubelet.started().some((p) => p.startsWith(`${ns}/kubebyon-managed-ingress-controller-`))).toBe(true);
    // The admission hook Jobs ran to completion (their Pods, played here) before helm went on, then were deleted (hook-succeeded).
    expect(kubelet.started().filter((p) => p.includes("-admission-")).map((p) => p.replace(/-[a-z0-9]{5}$/, ""))).toEqual(
      expect.arrayContaining([`${ns}/kubebyon-managed-ingress-admission-create`, `${ns}/kubebyon-managed-ingress-admission-patch`]),
    );
    expect((await kc.makeApiClient(BatchV1Api).listNamespacedJob({ namespace: ns })).items).toEqual([]);

    const service = await kc.makeApiClient(CoreV1Api).readNamespacedService({ name: "kubebyon-managed-ingress-controller", namespace: ns });
    expect(service.spec?.type).toBe("NodePort");
    expect(service.spec?.ports?.map((p) => p.name)).toEqual(["http", "https"]);
    expect(service.spec?.ports?.every((p) => (p.nodePort ?? 0) > 0)).toBe(true);
    const ingressClass = await kc.makeApiClient(NetworkingV1Api).readIngressClass({ name: "kubebyon" });
    expect(ingressClass.spec?.controller).toBe("kubebyon.app/managed-ingress");
    expect(await exists(() => kc.makeApiClient(AdmissionregistrationV1Api).readValidatingWebhookConfiguration({ name: "kubebyon-managed-ingress-admission" }))).toBe(true);

    expect(await reconciler.ensure({ credentials })).toEqual({ action: "unchanged", revision: 1 });
    expect(await helmRevision()).toMatchObject({ revision: 1, status: "deployed" });
  }, 180_000);

  it("upgrades a release whose values drifted from the profile's", async () => {
    await vc.helm(["upgrade", P.releaseName, chartDir, "--namespace", ns, "--reuse-values", "--set", "controller.ingressClassResource.default=true", "--timeout", "60s"]);
    expect((await helmRevision()).revision).toBe(2);
    expect(await reconciler.ensure({ credentials })).toEqual({ action: "upgraded", revision: 3 });
    const values = JSON.parse((await vc.helm(["get", "values", P.releaseName, "--namespace", ns, "--output", "json"])).stdout) as unknown;
    expect(values).toEqual(P.values);
  }, 120_000);

  it("disables: uninstalls the release and deletes the orphans the chart leaves, then is a no-op", async () => {
    const rbac = vc.kubeConfig().makeApiClient(RbacAuthorizationV1Api);
    // What a failed admission hook leaves behind: cluster-scoped RBAC outside the release, with the chart's labels.
    await rbac.createClusterRole({
      body: {
        metadata: { name: "kubebyon-managed-ingress-admission", labels: { "app.kubernetes.io/instance": P.releaseName, "app.kubernetes.io/component": "admission-webhook" } },
        rules: [{ apiGroups: ["admissionregistration.k8s.io"], resources: ["validatingwebhookconfigurations"], verbs: ["get", "update"] }],
      },
    });
    const done = await reconciler.disable({ credentials });
    expect(done.uninstalled).toBe(true);
    expect(done.orphansDeleted).toContain("ClusterRole/kubebyon-managed-ingress-admission");
    const kc = vc.kubeConfig();
    expect(await releaseExists()).toBe(false);
    for (const [what, read] of [
      ["ClusterRole", () => rbac.readClusterRole({ name: "kubebyon-managed-ingress" })],
      ["ClusterRoleBinding", () => rbac.readClusterRoleBinding({ name: "kubebyon-managed-ingress" })],
      ["admission ClusterRole", () => rbac.readClusterRole({ name: "kubebyon-managed-ingress-admission" })],
      ["webhook", () => kc.makeApiClient(AdmissionregistrationV1Api).readValidatingWebhookConfiguration({ name: "kubebyon-managed-ingress-admission" })],
      ["IngressClass", () => kc.makeApiClient(NetworkingV1Api).readIngressClass({ name: "kubebyon" })],
      ["Deployment", () => kc.makeApiClient(AppsV1Api).readNamespacedDeployment({ name: "kubebyon-managed-ingress-controller", namespace: ns })],
    ] as const) {
      expect(await exists(read), what).toBe(false);
    }
    expect(await reconciler.status({ credentials })).toMatchObject({ ready: false });
    expect(await reconciler.disable({ credentials })).toEqual({ uninstalled: false, orphansDeleted: [] });
  }, 120_000);

  it("fails with helm's own message for a broken chart, and installs once the chart is fixed", async () => {
    const broken = path.join(chartDir, "templates", "broken.yaml");
    await writeFile(broken, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.controller.name | nope }}\n");
    await expect(reconciler.ensure({ credentials })).rejects.toThrow(/function "nope" not defined/);
    await rm(broken);
    expect((await reconciler.ensure({ credentials })).action).toMatch(/installed|upgraded/);
    await waitFor("the controller to be healthy again", () => reconciler.status({ credentials }), (h) => h.ready, 60_000);
  }, 120_000);

  it("refuses a local chart that is not ingress-nginx, and a repository chart by another name", async () => {
    await expect(
      new HelmManagedIngressReconciler({ helmBin: kube.tools.helm, helmHome, chart: { chart: path.resolve(INGRESS_NGINX_STAND_IN_CHART, "../vcluster-stand-in"), repo: "", version: "" } }).ensure({ credentials }),
    ).rejects.toThrow(/which is chart "vcluster-stand-in", not ingress-nginx/);
    expect(() => new HelmManagedIngressReconciler({ helmBin: kube.tools.helm, chart: { chart: "traefik", repo: "https://traefik.github.io/charts", version: "1" } })).toThrow(
      /KUBEBYON_MANAGED_INGRESS_CHART is "traefik"/,
    );
  });
});
