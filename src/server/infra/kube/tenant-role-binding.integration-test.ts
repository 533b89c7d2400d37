import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, RbacAuthorizationV1Api, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@e2e/env/kube/free-port";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { chartRbacRules, serviceAccountIdentity, type PlatformIdentity as TestIdentity, type ChartRbacRules } from "@e2e/env/platform-rbac";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { startTcpForwarder } from "@e2e/env/tcp-forwarder";
import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import { classifyFailure } from "@/server/domain/jobs/failure-class";
import { HelmCli } from "./helm-cli";
import { HelmControlPlaneProvisioner } from "./helm-control-plane-provisioner";
import { KubeApiError, kubeStatusOf } from "./kube-calls";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { PlatformIdentity } from "./platform-identity";
import { TenantRoleBindingError } from "./tenant-role-binding";

/**
 * The platform as the Helm chart deploys it: a ServiceAccount whose cluster-wide ClusterRole holds
 * only namespaces, nodes, the self reviews, rolebindings get/create/patch and get+bind on the tenant
 * ClusterRole (the values contract, e2e/env/platform-rbac.ts), and
 * which gets everything else by binding the tenant ClusterRole to itself in each namespace it makes.
 * A real apiserver's RBAC decides every call, helm's included.
 */

let kube: KubeCluster;
let admin: KubeConfig;
let dir: string;
const SYSTEM_NS = "kubebyon-system";
const SA = "kubebyon";
const TENANT = "kubebyon-tenant";
const LABELS = { "kubebyon.io/cluster-id": "cl_tenant", "kubebyon.io/owner-id": "usr_1", "app.kubernetes.io/managed-by": "kubebyon" };
const RBAC = "rbac.authorization.k8s.io";

function provisioner(identity: TestIdentity, tenantClusterRole: string | undefined): HelmControlPlaneProvisioner {
  return new HelmControlPlaneProvisioner({
    kubeConfig: identity.kubeConfig,
    helm: new HelmCli({ bin: kube.tools.helm, kubeconfigPath: identity.kubeconfigPath, helmHome: path.join(dir, "helm"), timeoutMs: 60_000 }),
    chart: { chart: STAND_IN_CHART, repo: "https://charts.invalid", version: "0.33.0" },
    platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: SYSTEM_NS },
    tenantClusterRole,
  });
}

const failureOf = (run: Promise<unknown>) => run.then(() => new Error("succeeded"), (err: unknown) => err as Error);

let platform: TestIdentity;
let chart: ChartRbacRules;

beforeAll(async () => {
  [kube, chart] = await Promise.all([startKubeCluster(), chartRbacRules()]);
  admin = kube.kubeConfig();
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-tenantrb-"));
  const core = admin.makeApiClient(CoreV1Api);
  const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
  await core.createNamespace({ body: { metadata: { name: SYSTEM_NS } } });
  await core.createNamespacedSecret({ namespace: SYSTEM_NS, body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
  await rbac.createClusterRole({ body: { metadata: { name: TENANT }, rules: chart.tenant } });
  await rbac.createClusterRole({ body: { metadata: { name: `${TENANT}-v2` }, rules: chart.tenant } });
  // Exists, and the platform may read it, but not bind it.
  await rbac.createClusterRole({ body: { metadata: { name: "kubebyon-unbindable" }, rules: chart.tenant } });
  platform = await serviceAccountIdentity(kube, {
    namespace: SYSTEM_NS,
    name: SA,
    dir,
    platformSecret: "vcluster-platform-api-key",
    rules: [
      ...chart.clusterWide([TENANT, `${TENANT}-v2`, "kubebyon-absent"]),
      { apiGroups: [RBAC], resources: ["clusterroles"], verbs: ["get"], resourceNames: ["kubebyon-unbindable"] },
    ],
  });
});

afterAll(async () => {
  await kube?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("per-namespace RoleBinding (KUBEBYON_TENANT_CLUSTER_ROLE)", () => {
  it("is refused everything namespaced before the binding: the cluster-wide grant alone holds no Secrets", async () => {
    const core = platform.kubeConfig.makeApiClient(CoreV1Api);
    for (const namespace of [SYSTEM_NS, "kube-system"]) {
      expect(kubeStatusOf(await failureOf(core.listNamespacedSecret({ namespace })))).toBe(403);
    }
    // The SelfSubjectReview names the ServiceAccount; the admin's client certificate is a User.
    expect(await new PlatformIdentity(platform.kubeConfig).subject()).toEqual({ kind: "ServiceAccount", namespace: SYSTEM_NS, name: SA });
    expect(await new PlatformIdentity(admin).subject()).toEqual({ kind: "User", apiGroup: RBAC, name: "kubebyon-admin" });
  });

  it("asks who it is once: a failed review is asked again, a successful one is kept", async () => {
    const forwarder = await startTcpForwarder({ target: `127.0.0.1:${await freePort()}` });
    try {
      const caData = admin.getCurrentCluster()?.caData ?? "";
      const kubeConfig = kubeConfigFromCredentials({
        server: `https://127.0.0.1:${forwarder.port}`,
        caPem: Buffer.from(caData, "base64").toString("utf8"),
        token: platform.kubeConfig.getCurrentUser()?.token,
      });
      const identity = new PlatformIdentity(kubeConfig);
      const refused = await failureOf(identity.subject());
      expect(refused).toBeInstanceOf(KubeApiError);
      // The relay accepts, then drops the connection when nothing listens behind it.
      expect(refused.message).toMatch(/^asking the host apiserver who the platform is \(SelfSubjectReview.*\) failed: ECONN(RESET|REFUSED)/);
      forwarder.setTarget(kube.server);
      expect(await identity.subject()).toEqual({ kind: "ServiceAccount", namespace: SYSTEM_NS, name: SA });
      await forwarder.close();
      // No apiserver behind the address any more: the answer comes from the cache.
      expect(await identity.subject()).toEqual({ kind: "ServiceAccount", namespace: SYSTEM_NS, name: SA });
    } finally {
      await forwarder.close();
    }
  });

  it("binds the tenant ClusterRole in the namespace it creates, then runs every step and helm there — and nowhere else", async () => {
    const p = provisioner(platform, TENANT);
    await p.ensureNamespace({ namespace: "tenant-a", labels: LABELS });

    const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
    const binding = await rbac.readNamespacedRoleBinding({ name: "kubebyon-platform", namespace: "tenant-a" });
    expect(binding.metadata?.labels).toMatchObject(LABELS);
    expect(binding.roleRef).toEqual({ apiGroup: RBAC, kind: "ClusterRole", name: TENANT });
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: SA, namespace: SYSTEM_NS }]);

    // The very next calls, with no wait: the apiserver's RBAC authorizer sees the new binding at once.
    const core = platform.kubeConfig.makeApiClient(CoreV1Api);
    await core.createNamespacedSecret({ namespace: "tenant-a", body: { metadata: { name: "written-by-platform" }, stringData: { a: "b" } } });
    expect((await core.readNamespacedSecret({ namespace: "tenant-a", name: "written-by-platform" })).data?.a).toBe(Buffer.from("b").toString("base64"));
    await p.applyQuota({
      namespace: "tenant-a",
      quota: { hard: { "requests.cpu": "1" }, limitRange: { container: { max: { cpu: "1" }, default: { cpu: "500m" }, defaultRequest: { cpu: "200m" } }, volumeClaimMax: null } },
    });
    await p.copyPlatformSecret({ namespace: "tenant-a" });

    // helm as the ServiceAccount: install (its Role vc-<release> needs every rule the tenant role carries), upgrade, uninstall.
    const values = (serviceType: "ClusterIP" | "NodePort") => buildVclusterValues({}, { serviceType });
    await p.installOrUpgrade({ releaseName: "tenant", namespace: "tenant-a", values: values("ClusterIP") });
    await p.installOrUpgrade({ releaseName: "tenant", namespace: "tenant-a", values: values("NodePort") });
    expect((await core.readNamespacedService({ name: "tenant", namespace: "tenant-a" })).spec?.type).toBe("NodePort");
    await p.uninstall({ releaseName: "tenant", namespace: "tenant-a" });
    expect(kubeStatusOf(await failureOf(core.readNamespacedService({ name: "tenant", namespace: "tenant-a" })))).toBe(404);

    // Another namespace (made by someone else) and kube-system stay closed.
    await admin.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: "not-a-cluster" } } });
    for (const namespace of ["not-a-cluster", "kube-system"]) {
      const refused = await failureOf(core.createNamespacedSecret({ namespace, body: { metadata: { name: "x" } } }));
      expect(kubeStatusOf(refused), namespace).toBe(403);
      expect(kubeStatusOf(await failureOf(core.readNamespacedSecret({ namespace: "kube-system", name: "anything" }))), namespace).toBe(403);
    }
  });

  it("converges on re-runs, and replaces the binding when the setting names another ClusterRole (roleRef is immutable)", async () => {
    await provisioner(platform, TENANT).ensureNamespace({ namespace: "tenant-b", labels: LABELS });
    await provisioner(platform, TENANT).ensureNamespace({ namespace: "tenant-b", labels: LABELS });
    await provisioner(platform, `${TENANT}-v2`).ensureNamespace({ namespace: "tenant-b", labels: LABELS });
    const binding = await admin.makeApiClient(RbacAuthorizationV1Api).readNamespacedRoleBinding({ name: "kubebyon-platform", namespace: "tenant-b" });
    expect(binding.roleRef.name).toBe(`${TENANT}-v2`);
  });

  it("adopts a binding an operator made by hand (the migration step in docs/cluster-runtime.md)", async () => {
    const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
    await admin.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: "tenant-f" } } });
    await rbac.createNamespacedRoleBinding({
      namespace: "tenant-f",
      body: { metadata: { name: "kubebyon-platform" }, roleRef: { apiGroup: RBAC, kind: "ClusterRole", name: TENANT }, subjects: [{ kind: "ServiceAccount", name: SA, namespace: SYSTEM_NS }] },
      fieldManager: "kubectl-create",
    });
    await provisioner(platform, TENANT).ensureNamespace({ namespace: "tenant-f", labels: LABELS });
    const binding = await rbac.readNamespacedRoleBinding({ name: "kubebyon-platform", namespace: "tenant-f" });
    expect(binding.metadata?.labels).toMatchObject(LABELS);
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: SA, namespace: SYSTEM_NS }]);
  });

  it("fails for good, naming the fix, when the ClusterRole does not exist (Kubernetes would accept a binding to it)", async () => {
    const err = await failureOf(provisioner(platform, "kubebyon-absent").ensureNamespace({ namespace: "tenant-c", labels: LABELS }));
    expect(err).toBeInstanceOf(TenantRoleBindingError);
    expect((err as TenantRoleBindingError).failure).toBe("cluster_role_missing");
    expect(err.message).toBe("ClusterRole kubebyon-absent (KUBEBYON_TENANT_CLUSTER_ROLE) does not exist: install it (the Helm chart creates it) or unset the setting");
    expect(classifyFailure(err)).toBe("permanent");
    expect(kubeStatusOf(await failureOf(admin.makeApiClient(RbacAuthorizationV1Api).readNamespacedRoleBinding({ name: "kubebyon-platform", namespace: "tenant-c" })))).toBe(404);
  });

  it("fails for good, naming the ClusterRole and the verbs, when the platform may not bind it", async () => {
    const err = await failureOf(provisioner(platform, "kubebyon-unbindable").ensureNamespace({ namespace: "tenant-d", labels: LABELS }));
    expect(err).toBeInstanceOf(TenantRoleBindingError);
    expect((err as TenantRoleBindingError).failure).toBe("bind_refused");
    expect(err.message).toBe(
      `the host cluster refused RoleBinding kubebyon-platform in namespace tenant-d: the platform may not bind ClusterRole kubebyon-unbindable (KUBEBYON_TENANT_CLUSTER_ROLE). Grant ServiceAccount ${SYSTEM_NS}/${SA} cluster-wide "bind" and "get" on clusterroles.rbac.authorization.k8s.io with resourceNames [kubebyon-unbindable] (the Helm chart's platform ClusterRole does)`,
    );
    expect(classifyFailure(err)).toBe("permanent");
  });

  it("fails for good, naming rolebindings create/patch, when the platform may not write RoleBindings", async () => {
    const rules = chart.clusterWide([TENANT]).filter((r) => !r.resources?.includes("rolebindings"));
    const narrow = await serviceAccountIdentity(kube, { namespace: SYSTEM_NS, name: "kubebyon-narrow", rules, dir });
    const err = await failureOf(provisioner(narrow, TENANT).ensureNamespace({ namespace: "tenant-e", labels: LABELS }));
    expect(err).toBeInstanceOf(TenantRoleBindingError);
    expect((err as TenantRoleBindingError).failure).toBe("rolebinding_refused");
    expect(err.message).toMatch(/^the host cluster refused RoleBinding kubebyon-platform in namespace tenant-e \(.*cannot patch resource "rolebindings".*\)\. Grant ServiceAccount kubebyon-system\/kubebyon-narrow cluster-wide "get", "create" and "patch" on rolebindings/);
  });
});
