import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AppsV1Api, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { readVclusterConfig } from "@e2e/env/vcluster-config";
import { namespaceQuotaFor } from "@/server/domain/clusters/control-plane-quota";
import { UPSTREAM_CONTROL_PLANE_SIZE } from "@/server/domain/clusters/control-plane-size";
import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import { AppError } from "@/server/domain/errors";
import { HelmCli, HelmError } from "./helm-cli";
import { HelmControlPlaneProvisioner } from "./helm-control-plane-provisioner";
import { loadHostKubeConfig } from "./host-kube-config";
import { kubeStatusOf } from "./kube-calls";

const standInChart = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../e2e/fixtures/charts/vcluster-stand-in");
const PLATFORM_SECRET = { name: "vcluster-platform-api-key", sourceNamespace: "kubebyon-system" };
const ownerLabels = (clusterId: string, ownerId: string) => ({
  "kubebyon.io/cluster-id": clusterId,
  "kubebyon.io/owner-id": ownerId,
  "app.kubernetes.io/managed-by": "kubebyon",
});
const baseValues = { controlPlane: { proxy: { extraSANs: ["198.51.100.7"] } } };

let cluster: KubeCluster;
let core: CoreV1Api;
let apps: AppsV1Api;
let provisioner: HelmControlPlaneProvisioner;
let helmHome: string;

async function statusOf(promise: Promise<unknown>): Promise<number | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (err) {
    const status = kubeStatusOf(err);
    if (status === undefined) throw err;
    return status;
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a rejection");
}

beforeAll(async () => {
  cluster = await startKubeCluster({ controllerManager: true });
  helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-home-"));
  const kubeConfig = loadHostKubeConfig({ kubeconfigPath: cluster.kubeconfigPath });
  core = kubeConfig.makeApiClient(CoreV1Api);
  apps = kubeConfig.makeApiClient(AppsV1Api);
  provisioner = new HelmControlPlaneProvisioner({
    kubeConfig,
    helm: new HelmCli({ bin: cluster.tools.helm, kubeconfigPath: cluster.kubeconfigPath, helmHome, timeoutMs: 60_000 }),
    chart: { chart: standInChart, repo: "https://charts.invalid", version: "9.9.9" },
    platformSecret: PLATFORM_SECRET,
    pollIntervalMs: 100,
  });
});

afterAll(async () => {
  await cluster?.stop();
  if (helmHome) await rm(helmHome, { recursive: true, force: true });
});

describe("namespace and quota", () => {
  it("creates the namespace with owner labels and converges on re-run", async () => {
    await provisioner.ensureNamespace({ namespace: "tenant-a", labels: ownerLabels("cl_a1", "usr_1") });
    await provisioner.ensureNamespace({ namespace: "tenant-a", labels: ownerLabels("cl_a1", "usr_2") });
    const ns = await core.readNamespace({ name: "tenant-a" });
    expect(ns.metadata?.labels).toMatchObject({
      "kubebyon.io/cluster-id": "cl_a1",
      "kubebyon.io/owner-id": "usr_2",
      "app.kubernetes.io/managed-by": "kubebyon",
    });
  });

  it("applies exactly the computed ResourceQuota and LimitRange, and a later spec replaces every entry", async () => {
    await provisioner.ensureNamespace({ namespace: "tenant-q", labels: {} });
    await provisioner.applyQuota({ namespace: "tenant-q", quota: namespaceQuotaFor({ ...UPSTREAM_CONTROL_PLANE_SIZE, cpuLimit: "1" }, { cpu: "2", memory: "8Gi" }) });
    await provisioner.applyQuota({ namespace: "tenant-q", quota: namespaceQuotaFor({ ...UPSTREAM_CONTROL_PLANE_SIZE, dataVolumeSize: null }, { cpu: null, memory: null }) });

    const quota = await core.readNamespacedResourceQuota({ name: "kubebyon-quota", namespace: "tenant-q" });
    // Nothing of the first spec survives: no CPU/memory caps, no PVC entries.
    expect(quota.spec?.hard).toEqual({ pods: "1", "requests.ephemeral-storage": "1Gi", "limits.ephemeral-storage": "10Gi" });
    const limits = await core.readNamespacedLimitRange({ name: "kubebyon-quota", namespace: "tenant-q" });
    expect(limits.spec?.limits).toEqual([
      {
        type: "Container",
        max: { memory: "4Gi", "ephemeral-storage": "10Gi" },
        _default: { memory: "4Gi", "ephemeral-storage": "10Gi" },
        defaultRequest: { cpu: "200m", memory: "256Mi", "ephemeral-storage": "1Gi" },
      },
    ]);
  });
});

describe("copyPlatformSecret", () => {
  it("names the Secret and its namespace when the source is missing", async () => {
    await provisioner.ensureNamespace({ namespace: "tenant-s", labels: {} });
    const err = await rejection(provisioner.copyPlatformSecret({ namespace: "tenant-s" }));
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).toContain('"vcluster-platform-api-key"');
    expect(err.message).toContain('"kubebyon-system"');
    expect(err.message).toContain("KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE");
  });

  it("copies the Secret and replaces the copy when the source changes", async () => {
    await core.createNamespace({ body: { metadata: { name: PLATFORM_SECRET.sourceNamespace } } });
    const write = (accessKey: string) => ({
      metadata: { name: PLATFORM_SECRET.name },
      type: "Opaque",
      stringData: { host: "https://loft.example.com", accessKey, insecure: "true" },
    });
    await core.createNamespacedSecret({ namespace: PLATFORM_SECRET.sourceNamespace, body: write("key-1") });
    await provisioner.copyPlatformSecret({ namespace: "tenant-s" });

    await core.replaceNamespacedSecret({ name: PLATFORM_SECRET.name, namespace: PLATFORM_SECRET.sourceNamespace, body: write("key-2") });
    await provisioner.copyPlatformSecret({ namespace: "tenant-s" });

    const copy = await core.readNamespacedSecret({ name: PLATFORM_SECRET.name, namespace: "tenant-s" });
    const data = Object.fromEntries(Object.entries(copy.data ?? {}).map(([k, v]) => [k, Buffer.from(v, "base64").toString()]));
    expect(data).toEqual({ host: "https://loft.example.com", accessKey: "key-2", insecure: "true" });
    expect(copy.type).toBe("Opaque");
  });
});

describe("installOrUpgrade", () => {
  const namespace = "tenant-h";
  const release = "demo";
  const readService = () => core.readNamespacedService({ name: release, namespace });
  const readConfig = () => readVclusterConfig(core, namespace, release);
  const readSyncer = async () => {
    const set = await apps.readNamespacedStatefulSet({ name: release, namespace });
    return set.spec?.template.spec?.containers.find((c) => c.name === "syncer");
  };

  beforeAll(() => provisioner.ensureNamespace({ namespace, labels: {} }));

  it("renders NodePort, LoadBalancer and ClusterIP with the platform's SANs and private nodes", async () => {
    await provisioner.installOrUpgrade({
      releaseName: release,
      namespace,
      values: buildVclusterValues(baseValues, { serviceType: "NodePort", controlPlaneHosts: ["203.0.113.10"] }),
    });
    let service = await readService();
    expect(service.spec?.type).toBe("NodePort");
    expect(service.spec?.ports?.[0]).toMatchObject({ port: 443, targetPort: 8443 });
    expect(service.spec?.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000);
    expect(service.spec?.ports?.map((p) => `${p.name}:${p.port}->${String(p.targetPort)}`)).toEqual(["https:443->8443", "kubelet:10250->8443"]);
    let config = await readConfig();
    expect(config.privateNodes.enabled).toBe(true);
    expect(config.controlPlane.proxy.extraSANs).toEqual(["198.51.100.7", "203.0.113.10"]);

    await provisioner.installOrUpgrade({
      releaseName: release,
      namespace,
      values: buildVclusterValues(baseValues, { serviceType: "LoadBalancer", controlPlaneHosts: ["k8s.example.com"] }),
    });
    service = await readService();
    expect(service.spec?.type).toBe("LoadBalancer");
    // A LoadBalancer gets no kubelet port, as upstream.
    expect(service.spec?.ports?.map((p) => p.name)).toEqual(["https"]);
    config = await readConfig();
    expect(config.controlPlane.proxy.extraSANs).toEqual(["198.51.100.7", "k8s.example.com"]);

    await provisioner.installOrUpgrade({
      releaseName: release,
      namespace,
      values: buildVclusterValues(baseValues, {
        serviceType: "ClusterIP",
        // dataVolume null: the release already has its volume claim, and a StatefulSet's volumeClaimTemplates are immutable.
        controlPlane: { resources: { requests: { cpu: "250m", memory: "300Mi" }, limits: { memory: "1Gi" } }, dataVolume: null },
      }),
    });
    service = await readService();
    expect(service.spec?.type).toBe("ClusterIP");
    // No NodePort may survive the switch back (plan §5.6).
    expect(service.spec?.ports?.[0]?.nodePort).toBeUndefined();
    config = await readConfig();
    expect(config.controlPlane.proxy.extraSANs).toEqual(["198.51.100.7"]);
    expect((await readSyncer())?.resources).toEqual({ requests: { cpu: "250m", memory: "300Mi" }, limits: { memory: "1Gi" } });
  });

  it("re-running with the same values changes nothing in the cluster", async () => {
    const values = buildVclusterValues(baseValues, { serviceType: "NodePort", controlPlaneHosts: ["203.0.113.10"] });
    await provisioner.installOrUpgrade({ releaseName: release, namespace, values });
    const before = await readService();
    await provisioner.installOrUpgrade({ releaseName: release, namespace, values });
    const after = await readService();
    expect(after.metadata?.uid).toBe(before.metadata?.uid);
    expect(after.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
    expect(after.spec?.ports?.[0]?.nodePort).toBe(before.spec?.ports?.[0]?.nodePort);
    const { stdout } = await cluster.helm(["status", release, "-n", namespace, "-o", "json"]);
    expect((JSON.parse(stdout) as { info?: { status?: string } }).info?.status).toBe("deployed");
  });

  it("fails with helm's own stderr, and a later good run recovers the release", async () => {
    const err = await rejection(
      provisioner.installOrUpgrade({ releaseName: "broken", namespace, values: { controlPlane: { service: { spec: { type: "Bogus" } } } } }),
    );
    expect(err).toBeInstanceOf(HelmError);
    expect(err.message).toMatch(/^Error: /);
    expect(err.message).toContain('Unsupported value: "Bogus"');
    expect(err.message).toBe(err.message.trim());

    await provisioner.installOrUpgrade({ releaseName: "broken", namespace, values: buildVclusterValues({}, { serviceType: "ClusterIP" }) });
    expect((await core.readNamespacedService({ name: "broken", namespace })).spec?.type).toBe("ClusterIP");
  });

  it("stops helm when the signal aborts", async () => {
    const controller = new AbortController();
    const pending = rejection(
      provisioner.installOrUpgrade({ releaseName: "cancelled", namespace, values: {}, signal: controller.signal }),
    );
    controller.abort();
    expect((await pending).message).toMatch(/cancelled/);
  });
});

describe("waitForControlPlane", () => {
  it("times out with a message naming the Secret, and resolves once vc-<release> exists", async () => {
    await provisioner.ensureNamespace({ namespace: "tenant-w", labels: {} });
    const started = Date.now();
    const err = await rejection(provisioner.waitForControlPlane({ namespace: "tenant-w", releaseName: "demo", timeoutMs: 400 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.message).toContain("Secret vc-demo");
    expect(err.message).toContain("tenant-w");

    const waiting = provisioner.waitForControlPlane({ namespace: "tenant-w", releaseName: "demo", timeoutMs: 10_000 });
    await core.createNamespacedSecret({ namespace: "tenant-w", body: { metadata: { name: "vc-demo" }, stringData: { config: "x" } } });
    await expect(waiting).resolves.toBeUndefined();
  });

  it("resolves when the Secret is written, not at the next poll (a watch ends the pause)", async () => {
    const slowPoll = new HelmControlPlaneProvisioner({
      kubeConfig: loadHostKubeConfig({ kubeconfigPath: cluster.kubeconfigPath }),
      helm: new HelmCli({ bin: cluster.tools.helm, kubeconfigPath: cluster.kubeconfigPath, helmHome, timeoutMs: 60_000 }),
      chart: { chart: standInChart, repo: "https://charts.invalid", version: "9.9.9" },
      platformSecret: PLATFORM_SECRET,
      pollIntervalMs: 120_000,
    });
    await provisioner.ensureNamespace({ namespace: "tenant-bell", labels: {} });
    const waiting = slowPoll.waitForControlPlane({ namespace: "tenant-bell", releaseName: "demo", timeoutMs: 300_000 });
    // Past the first read (404), into the two-minute pause.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const written = Date.now();
    await core.createNamespacedSecret({ namespace: "tenant-bell", body: { metadata: { name: "vc-demo" }, stringData: { config: "x" } } });
    await expect(waiting).resolves.toBeUndefined();
    expect(Date.now() - written).toBeLessThan(60_000);
  });

  it("gives up as soon as the namespace is being deleted, saying so, instead of waiting out the timeout", async () => {
    await provisioner.ensureNamespace({ namespace: "tenant-going", labels: {} });
    const waiting = rejection(provisioner.waitForControlPlane({ namespace: "tenant-going", releaseName: "demo", timeoutMs: 60_000 }));
    await core.deleteNamespace({ name: "tenant-going" });
    expect((await waiting).message).toMatch(/namespace tenant-going (is being deleted|no longer exists), so the control plane cannot come up/);
  });

  it("stops waiting when the signal aborts", async () => {
    const controller = new AbortController();
    const waiting = rejection(provisioner.waitForControlPlane({ namespace: "tenant-w", releaseName: "never", timeoutMs: 60_000, signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    expect((await waiting).name).toBe("AbortError");
  });
});

describe("teardown", () => {
  it("uninstalls the release and deletes the namespace, and both are idempotent", async () => {
    const namespace = "tenant-d";
    await provisioner.ensureNamespace({ namespace, labels: {} });
    await provisioner.installOrUpgrade({ releaseName: "gone", namespace, values: buildVclusterValues({}, { serviceType: "NodePort" }) });
    expect(await statusOf(core.readNamespacedService({ name: "gone", namespace }))).toBe("ok");

    await provisioner.uninstall({ releaseName: "gone", namespace });
    expect(await statusOf(core.readNamespacedService({ name: "gone", namespace }))).toBe(404);
    await provisioner.uninstall({ releaseName: "gone", namespace });

    await provisioner.deleteNamespace({ namespace, timeoutMs: 60_000 });
    expect(await statusOf(core.readNamespace({ name: namespace }))).toBe(404);
    await provisioner.deleteNamespace({ namespace, timeoutMs: 1_000 });
    await provisioner.uninstall({ releaseName: "gone", namespace });
  });
});

describe("HelmCli", () => {
  it("says how to fix a missing helm binary", async () => {
    const err = await rejection(new HelmCli({ bin: "/nonexistent/helm" }).run(["version"]));
    expect(err.message).toContain("KUBEBYON_HELM_BIN");
  });

  it("stops helm after its timeout", async () => {
    const slow = new HelmCli({ bin: cluster.tools.helm, kubeconfigPath: cluster.kubeconfigPath, helmHome });
    const err = await rejection(slow.run(["list", "--all-namespaces"], { timeoutMs: 1 }));
    expect(err.message).toMatch(/^helm list did not finish within/);
  });
});
