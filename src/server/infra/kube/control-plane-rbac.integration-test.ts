import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, KubeConfig, RbacAuthorizationV1Api, type V1PolicyRule } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import { HelmCli, HelmError } from "./helm-cli";
import { HelmControlPlaneProvisioner } from "./helm-control-plane-provisioner";

/**
 * docs/cluster-runtime.md "Permissions the platform needs to run helm": the chart's Role
 * vc-<release> (and its RoleBinding) can only be created by a subject that holds every
 * permission in it, or has escalate and bind on roles. The stand-in renders the upstream rules, so
 * the real apiserver's RBAC refuses a platform identity without them, as on a real host.
 */

let cluster: KubeCluster;
let dir: string;
const NAMESPACE = "rbac-tenant";
const IDENTITY = { namespace: "kubebyon-system", name: "platform" };

// What helm needs to install the chart's other objects and keep its release Secrets; deliberately not the
// Role's own rules (no pods/resize, leases, endpointslices, events, pods/log).
const WITHOUT_ESCALATE: V1PolicyRule[] = [
  { apiGroups: [""], resources: ["secrets", "configmaps", "services", "serviceaccounts"], verbs: ["create", "delete", "get", "list", "patch", "update", "watch"] },
  { apiGroups: ["apps"], resources: ["statefulsets"], verbs: ["create", "delete", "get", "list", "patch", "update", "watch"] },
  { apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles", "rolebindings"], verbs: ["create", "delete", "get", "list", "patch", "update", "watch"] },
];
// Both verbs are checked on roles: escalate to create the Role, bind (on the Role it references) to create the RoleBinding.
const ESCALATE_AND_BIND: V1PolicyRule[] = [{ apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles"], verbs: ["escalate", "bind"] }];

beforeAll(async () => {
  cluster = await startKubeCluster();
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-rbac-"));
});

afterAll(async () => {
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A kubeconfig for ServiceAccount kubebyon-system/platform: the identity a deployment's platform runs helm as. */
async function platformKubeconfig(core: CoreV1Api): Promise<string> {
  const token = await core.createNamespacedServiceAccountToken({ name: IDENTITY.name, namespace: IDENTITY.namespace, body: { spec: { audiences: [], expirationSeconds: 3600 } } });
  const admin = cluster.kubeConfig();
  const server = admin.getCurrentCluster();
  if (!server || !token.status?.token) throw new Error("no cluster or token");
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "host", server: server.server, caData: server.caData, skipTLSVerify: false }],
    users: [{ name: "platform", token: token.status.token }],
    contexts: [{ name: "platform", cluster: "host", user: "platform" }],
    currentContext: "platform",
  });
  const file = path.join(dir, "platform.kubeconfig");
  await writeFile(file, kc.exportConfig(), { mode: 0o600 });
  return file;
}

describe("RBAC of the identity that runs helm", () => {
  it("is refused the chart's Role without its permissions, and installs once it may escalate and bind", async () => {
    const admin = cluster.kubeConfig();
    const core = admin.makeApiClient(CoreV1Api);
    const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
    for (const name of [IDENTITY.namespace, NAMESPACE]) await core.createNamespace({ body: { metadata: { name } } });
    await core.createNamespacedServiceAccount({ namespace: IDENTITY.namespace, body: { metadata: { name: IDENTITY.name } } });
    await rbac.createClusterRole({ body: { metadata: { name: "kubebyon-platform" }, rules: WITHOUT_ESCALATE } });
    await rbac.createNamespacedRoleBinding({
      namespace: NAMESPACE,
      body: {
        metadata: { name: "kubebyon-platform" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "kubebyon-platform" },
        subjects: [{ kind: "ServiceAccount", name: IDENTITY.name, namespace: IDENTITY.namespace }],
      },
    });

    const kubeconfigPath = await platformKubeconfig(core);
    const provisioner = new HelmControlPlaneProvisioner({
      kubeConfig: admin,
      helm: new HelmCli({ bin: cluster.tools.helm, kubeconfigPath, helmHome: path.join(dir, "helm"), timeoutMs: 60_000 }),
      chart: { chart: STAND_IN_CHART, repo: "https://charts.invalid", version: "0.33.0" },
      platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: IDENTITY.namespace },
    });
    const install = () => provisioner.installOrUpgrade({ releaseName: "guarded", namespace: NAMESPACE, values: buildVclusterValues({}, { serviceType: "ClusterIP" }) });

    const failure = () => install().then(() => new Error("installed"), (err: unknown) => err as Error);
    const grant = (rules: V1PolicyRule[]) =>
      rbac.replaceClusterRole({ name: "kubebyon-platform", body: { metadata: { name: "kubebyon-platform" }, rules: [...WITHOUT_ESCALATE, ...rules] } });

    const refused = await failure();
    expect(refused).toBeInstanceOf(HelmError);
    expect(refused.message).toContain('roles.rbac.authorization.k8s.io "vc-guarded" is forbidden');
    expect(refused.message).toContain("attempting to grant RBAC permissions not currently held");

    // escalate alone: the Role is created, its RoleBinding refused (bind is checked on the Role it references).
    await grant([{ apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles"], verbs: ["escalate"] }]);
    const unbound = await failure();
    expect(unbound.message).toContain('rolebindings.rbac.authorization.k8s.io "vc-guarded" is forbidden');

    await grant(ESCALATE_AND_BIND);
    await install();
    const role = await rbac.readNamespacedRole({ name: "vc-guarded", namespace: NAMESPACE });
    expect(role.rules?.flatMap((r) => r.resources ?? [])).toEqual(expect.arrayContaining(["pods/resize", "leases", "endpointslices"]));
  });
});
