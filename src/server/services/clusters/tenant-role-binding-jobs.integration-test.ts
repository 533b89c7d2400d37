import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import { chartRbacRules, serviceAccountIdentity } from "@e2e/env/platform-rbac";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import type { OperationStep } from "@/server/domain/clusters/operation-steps";
import { HelmCli } from "@/server/infra/kube/helm-cli";
import { HelmControlPlaneProvisioner } from "@/server/infra/kube/helm-control-plane-provisioner";
import { kubeStatusOf } from "@/server/infra/kube/kube-calls";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { createCluster } from "./create-cluster";
import { deleteCluster } from "./delete-cluster";
import { updateCluster } from "./update-cluster";

/**
 * The lifecycle jobs when the operator moves the platform from an admin kubeconfig to the Helm chart's
 * ServiceAccount with KUBEBYON_TENANT_CLUSTER_ROLE (the process restarts with new host adapters): a
 * cluster created before has no binding in its namespace, and its next update gives it one; a cluster
 * created afterwards is created, becomes ready and is deleted entirely as that ServiceAccount.
 */
const origin = { ip: null, userAgent: null };
const viewer = { id: "usr_tenant", email: "tenant@example.test", name: "Tenant", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_t" } };
const TENANT = "kubebyon-tenant";
let h: ClusterJobHarness;
let dir: string;

const readCluster = (id: string) => h.db.cluster.findUniqueOrThrow({ where: { id } });
const latestOperation = (id: string, kind: string) => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: id, kind }, orderBy: { createdAt: "desc" } });
const stepSummary = (steps: unknown) => (steps as OperationStep[]).map((s) => `${s.name}:${s.status}`);

async function platformBinding(namespace: string): Promise<string | number> {
  try {
    const binding = await h.kube.kubeConfig().makeApiClient(RbacAuthorizationV1Api).readNamespacedRoleBinding({ name: "kubebyon-platform", namespace });
    return binding.roleRef.name;
  } catch (err) {
    return kubeStatusOf(err) ?? "no answer";
  }
}

beforeAll(async () => {
  h = await startClusterJobHarness({ label: "tenant_role_binding_jobs" });
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-tenant-jobs-"));
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
  const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
});

afterAll(async () => {
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What a restart with the chart's ServiceAccount and the setting gives the job handlers (same wiring as composition). */
async function switchToServiceAccount(): Promise<void> {
  const chart = await chartRbacRules();
  await h.kube.kubeConfig().makeApiClient(RbacAuthorizationV1Api).createClusterRole({ body: { metadata: { name: TENANT }, rules: chart.tenant } });
  const identity = await serviceAccountIdentity(h.kube, {
    namespace: "kubebyon-system",
    name: "kubebyon",
    rules: chart.clusterWide([TENANT]),
    dir,
    platformSecret: "vcluster-platform-api-key",
  });
  const runtime = h.runtime as ClusterJobDeps;
  runtime.provisioner = new HelmControlPlaneProvisioner({
    kubeConfig: identity.kubeConfig,
    helm: new HelmCli({ bin: h.kube.tools.helm, kubeconfigPath: identity.kubeconfigPath, helmHome: path.join(dir, "helm"), timeoutMs: 60_000 }),
    chart: { chart: STAND_IN_CHART, repo: "https://charts.invalid", version: "0.0.0" },
    platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: "kubebyon-system" },
    tenantClusterRole: TENANT,
    pollIntervalMs: 100,
  });
  runtime.resolver = new VclusterKubeconfigResolver({ kubeConfig: identity.kubeConfig, route: "cluster-ip" });
}

describe("cluster jobs with KUBEBYON_TENANT_CLUSTER_ROLE", () => {
  it("gives a cluster created before the setting its binding on the next update; creates and deletes new clusters as the ServiceAccount", async () => {
    const legacy = await createCluster(h.deps, viewer, { name: "legacy", controlPlaneHost: "203.0.113.20" }, origin);
    await h.playVcluster(legacy.id);
    await h.settled(legacy.id, "legacy cluster to be ready");
    const legacyRow = await readCluster(legacy.id);
    expect(legacyRow.status).toBe("ready");
    expect(await platformBinding(legacyRow.namespace)).toBe(404);

    await switchToServiceAccount();

    await updateCluster(h.deps, viewer, legacy.id, { controlPlaneHost: "203.0.113.21" }, origin);
    const updated = await h.waitFor("legacy update", () => readCluster(legacy.id), (c) => c.status !== "updating");
    expect(updated).toMatchObject({ status: "ready", lastError: null });
    expect(await platformBinding(legacyRow.namespace)).toBe(TENANT);
    expect(stepSummary((await latestOperation(legacy.id, "update")).steps)).toEqual([
      "ensure_namespace:succeeded",
      "apply_quota:skipped",
      "helm_upgrade:succeeded",
      "wait_control_plane:succeeded",
      "verify_serving_certificate:succeeded",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
      "managed_ingress:skipped",
    ]);

    const fresh = await createCluster(h.deps, viewer, { name: "fresh", controlPlaneHost: "203.0.113.22" }, origin);
    await h.playVcluster(fresh.id);
    const ready = await h.settled(fresh.id, "fresh cluster to be ready");
    expect(ready).toMatchObject({ status: "ready", lastError: null, kubeconfigAvailable: true });
    expect(await platformBinding(ready.namespace)).toBe(TENANT);

    await deleteCluster(h.deps, viewer, fresh.id, origin);
    const deleted = await h.waitFor("fresh cluster to be deleted", () => readCluster(fresh.id), (c) => c.status === "deleted" || c.status === "error", 90_000);
    expect(deleted).toMatchObject({ status: "deleted", lastError: null });
    expect(kubeStatusOf(await h.kube.kubeConfig().makeApiClient(CoreV1Api).readNamespace({ name: ready.namespace }).catch((err: unknown) => err))).toBe(404);
  });
});
