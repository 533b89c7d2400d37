import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppsV1Api, CoreV1Api, type CoreV1Event, type V1Pod } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { waitFor } from "@e2e/env/wait-for";
import { controlPlaneAdmissionProblems, namespaceQuotaFor, type NamespaceCaps } from "@/server/domain/clusters/control-plane-quota";
import { controlPlaneContainerResources, UPSTREAM_CONTROL_PLANE_SIZE, type ControlPlaneSize } from "@/server/domain/clusters/control-plane-size";
import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import { HelmCli } from "./helm-cli";
import { HelmControlPlaneProvisioner } from "./helm-control-plane-provisioner";
import { loadHostKubeConfig } from "./host-kube-config";

/**
 * Issue 9 §1: the namespace quota computed for a plan admits exactly its control plane.
 * The stand-in chart renders the upstream StatefulSet (container syncer + init container
 * kubernetes, volume claim data), kube-controller-manager's statefulset controller creates
 * the Pod and its PVC, and the real apiserver's LimitRanger and ResourceQuota admission
 * decide. Nothing here runs a Pod: admission is all that is judged.
 */

let cluster: KubeCluster;
let core: CoreV1Api;
let apps: AppsV1Api;
let provisioner: HelmControlPlaneProvisioner;
let helmHome: string;

beforeAll(async () => {
  cluster = await startKubeCluster({ controllerManager: true });
  helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-home-"));
  const kubeConfig = loadHostKubeConfig({ kubeconfigPath: cluster.kubeconfigPath });
  core = kubeConfig.makeApiClient(CoreV1Api);
  apps = kubeConfig.makeApiClient(AppsV1Api);
  provisioner = new HelmControlPlaneProvisioner({
    kubeConfig,
    helm: new HelmCli({ bin: cluster.tools.helm, kubeconfigPath: cluster.kubeconfigPath, helmHome, timeoutMs: 60_000 }),
    chart: { chart: STAND_IN_CHART, repo: "https://charts.invalid", version: "0.33.0" },
    platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: "kubebyon-system" },
    pollIntervalMs: 100,
  });
});

afterAll(async () => {
  await cluster?.stop();
  if (helmHome) await rm(helmHome, { recursive: true, force: true });
});

/** What the cluster job does for a plan (control-plane-steps.ts): the quota first, then helm with the plan's control plane. */
async function provisionForPlan(namespace: string, release: string, size: ControlPlaneSize, caps: NamespaceCaps): Promise<void> {
  await provisioner.ensureNamespace({ namespace, labels: {} });
  await provisioner.applyQuota({ namespace, quota: namespaceQuotaFor(size, caps) });
  const values = buildVclusterValues(
    { controlPlane: { distro: { k8s: { enabled: true } } } },
    { serviceType: "ClusterIP", controlPlane: { resources: controlPlaneContainerResources(size), dataVolume: size.dataVolumeSize ? { size: size.dataVolumeSize, storageClass: size.storageClass } : null } },
  );
  await provisioner.installOrUpgrade({ releaseName: release, namespace, values });
}

const readPod = async (namespace: string, name: string): Promise<V1Pod | null> => (await core.listNamespacedPod({ namespace })).items.find((p) => p.metadata?.name === name) ?? null;

async function failedCreates(namespace: string, release: string): Promise<CoreV1Event[]> {
  const events = await core.listNamespacedEvent({ namespace });
  return events.items.filter((e) => e.involvedObject.kind === "StatefulSet" && e.involvedObject.name === release && e.reason === "FailedCreate");
}

const containerResources = (pod: V1Pod | null, name: string) =>
  [...(pod?.spec?.initContainers ?? []), ...(pod?.spec?.containers ?? [])].find((c) => c.name === name)?.resources;

describe("control-plane Pod admission under the plan's namespace quota", () => {
  it("admits the upstream-default control plane under a plan whose memory_quota equals its limit", async () => {
    const caps = { cpu: "200m", memory: "4Gi" };
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, caps)).toEqual([]);
    await provisionForPlan("plan-default", "std", UPSTREAM_CONTROL_PLANE_SIZE, caps);

    const set = await apps.readNamespacedStatefulSet({ name: "std", namespace: "plan-default" });
    expect(set.spec?.template.spec?.serviceAccountName).toBe("vc-std");
    expect(set.spec?.template.spec?.containers.map((c) => [c.name, c.image])).toEqual([["syncer", "ghcr.io/loft-sh/vcluster-pro:0.33.0"]]);

    const pod = await waitFor("Pod std-0", () => readPod("plan-default", "std-0"), (p) => p !== null, 30_000);
    expect(containerResources(pod, "syncer")).toEqual({
      requests: { cpu: "200m", memory: "256Mi", "ephemeral-storage": "1Gi" },
      limits: { memory: "4Gi", "ephemeral-storage": "10Gi" },
    });
    // The LimitRange filled in the init container's ephemeral storage with the plan's request (not its 10Gi max).
    expect(containerResources(pod, "kubernetes")).toEqual({
      requests: { cpu: "40m", memory: "64Mi", "ephemeral-storage": "1Gi" },
      limits: { cpu: "100m", memory: "256Mi", "ephemeral-storage": "10Gi" },
    });
    const claim = await waitFor(
      "PVC data-std-0",
      async () => (await core.listNamespacedPersistentVolumeClaim({ namespace: "plan-default" })).items,
      (items) => items.length > 0,
    );
    expect(claim.map((c) => [c.metadata?.name, c.spec?.resources?.requests?.storage, c.spec?.storageClassName ?? null])).toEqual([["data-std-0", "5Gi", null]]);
    expect(await failedCreates("plan-default", "std")).toEqual([]);
  });

  it("a 2Gi-memory plan with the default control plane: refused when saved, and the apiserver would refuse its Pod quoting the quota", async () => {
    const caps = { cpu: "2", memory: "2Gi" };
    expect(controlPlaneAdmissionProblems(UPSTREAM_CONTROL_PLANE_SIZE, caps)).toEqual([
      "memory_quota 2Gi is below the control plane's memory limit 4Gi: raise memory_quota or lower control_plane_memory_limit.",
    ]);
    // The save check is the apiserver's verdict in advance: install it anyway and the Pod is refused.
    await provisionForPlan("plan-2gi", "small", UPSTREAM_CONTROL_PLANE_SIZE, caps);
    const [event] = await waitFor("FailedCreate of StatefulSet small", () => failedCreates("plan-2gi", "small"), (e) => e.length > 0, 30_000);
    expect(event?.message).toContain('pods "small-0" is forbidden: exceeded quota: kubebyon-quota');
    expect(event?.message).toContain("limited: limits.memory=2Gi");
    expect(await readPod("plan-2gi", "small-0")).toBeNull();
    // The job's wait does not sit out its timeout (that error would name the Secret): it fails quoting the refusal.
    await expect(provisioner.waitForControlPlane({ namespace: "plan-2gi", releaseName: "small", timeoutMs: 120_000 })).rejects.toThrow(
      /cannot start: the host cluster refuses its Pod \(.*exceeded quota: kubebyon-quota.*limits\.memory=2Gi/,
    );
  });

  const smallSize: ControlPlaneSize = {
    cpuRequest: "100m",
    cpuLimit: null,
    memoryRequest: "256Mi",
    memoryLimit: "1Gi",
    ephemeralStorageRequest: "512Mi",
    ephemeralStorageLimit: "2Gi",
    dataVolumeSize: "2Gi",
    storageClass: "standard",
  };

  it("admits a small plan's small control plane, and a plan change's helm upgrade gets its new Pod admitted", async () => {
    const caps = { cpu: "500m", memory: "1Gi" };
    expect(controlPlaneAdmissionProblems(smallSize, caps)).toEqual([]);
    await provisionForPlan("plan-small", "tiny", smallSize, caps);
    const first = await waitFor("Pod tiny-0", () => readPod("plan-small", "tiny-0"), (p) => p !== null, 30_000);
    expect(containerResources(first, "syncer")).toEqual({
      requests: { cpu: "100m", memory: "256Mi", "ephemeral-storage": "512Mi" },
      limits: { memory: "1Gi", "ephemeral-storage": "2Gi" },
    });
    const claims = await waitFor("PVC data-tiny-0", async () => (await core.listNamespacedPersistentVolumeClaim({ namespace: "plan-small" })).items, (i) => i.length > 0);
    expect(claims.map((c) => [c.spec?.resources?.requests?.storage, c.spec?.storageClassName])).toEqual([["2Gi", "standard"]]);

    // The plan grows: more memory, a CPU limit. The quota is re-applied first, then helm upgrades the StatefulSet.
    const bigger: ControlPlaneSize = { ...smallSize, cpuRequest: "250m", cpuLimit: "1", memoryRequest: "512Mi", memoryLimit: "2Gi" };
    const biggerCaps = { cpu: "1", memory: "2Gi" };
    expect(controlPlaneAdmissionProblems(bigger, biggerCaps)).toEqual([]);
    await provisionForPlan("plan-small", "tiny", bigger, biggerCaps);
    const second = await waitFor(
      "the upgraded Pod tiny-0",
      () => readPod("plan-small", "tiny-0"),
      (p) => p !== null && p.metadata?.uid !== first?.metadata?.uid,
      60_000,
    );
    expect(containerResources(second, "syncer")).toEqual({
      requests: { cpu: "250m", memory: "512Mi", "ephemeral-storage": "512Mi" },
      limits: { cpu: "1", memory: "2Gi", "ephemeral-storage": "2Gi" },
    });
    const quota = await core.readNamespacedResourceQuota({ name: "kubebyon-quota", namespace: "plan-small" });
    expect(quota.spec?.hard).toMatchObject({ "limits.cpu": "1", "limits.memory": "2Gi", pods: "1" });
  });

  it("keeps a limit the plan leaves empty off the Pod, although the chart's values.yaml has a default for it", async () => {
    const unlimited: ControlPlaneSize = { ...smallSize, memoryLimit: null, ephemeralStorageLimit: null };
    const caps = { cpu: "1", memory: "1Gi" };
    expect(controlPlaneAdmissionProblems(unlimited, caps)).toEqual([]);
    await provisionForPlan("plan-nolimit", "free", unlimited, caps);
    const pod = await waitFor("Pod free-0", () => readPod("plan-nolimit", "free-0"), (p) => p !== null, 30_000);
    expect(containerResources(pod, "syncer")).toEqual({ requests: { cpu: "100m", memory: "256Mi", "ephemeral-storage": "512Mi" } });
    const quota = await core.readNamespacedResourceQuota({ name: "kubebyon-quota", namespace: "plan-nolimit" });
    // memory_quota caps the requests only: with a container without a memory limit, a limits.memory entry would refuse the Pod.
    expect(quota.spec?.hard).toEqual({ pods: "1", "requests.cpu": "1", "requests.memory": "1Gi", "requests.ephemeral-storage": "512Mi", persistentvolumeclaims: "1", "requests.storage": "2Gi" });
  });
});
