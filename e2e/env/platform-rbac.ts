import { writeFile } from "node:fs/promises";
import path from "node:path";
import { CoreV1Api, RbacAuthorizationV1Api, type KubeConfig, type V1PolicyRule } from "@kubernetes/client-node";
import { REQUIRED_HOST_PERMISSIONS, VCLUSTER_ROLE_RULES, type RequiredPermission } from "@/server/domain/platform-health/permissions";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import type { ApiServerAccess } from "./kube-cluster";

/**
 * The platform's identity as the Helm chart deploys it (values contract, RBAC): a ServiceAccount whose
 * cluster-wide ClusterRole holds only namespaces, nodes, the self reviews, rolebindings get/create/patch
 * and get+bind on the tenant ClusterRoles; a Role reading the platform API key Secret by name; and a tenant
 * ClusterRole bound nowhere, which the platform binds to itself per cluster namespace
 * (KUBEBYON_TENANT_CLUSTER_ROLE). The cluster-wide rules are written out as the contract states them,
 * not derived from permissions.ts, so a gap in that list shows up as a refusal.
 */

const RBAC = "rbac.authorization.k8s.io";

export const platformClusterWideRules = (bindable: readonly string[]): V1PolicyRule[] => [
  { apiGroups: [""], resources: ["namespaces"], verbs: ["get", "list", "watch", "create", "patch", "delete"] },
  { apiGroups: [""], resources: ["nodes"], verbs: ["get", "list", "watch"] },
  { apiGroups: ["authorization.k8s.io"], resources: ["selfsubjectrulesreviews"], verbs: ["create"] },
  { apiGroups: ["authentication.k8s.io"], resources: ["selfsubjectreviews"], verbs: ["create"] },
  { apiGroups: [RBAC], resources: ["rolebindings"], verbs: ["get", "create", "patch"] },
  { apiGroups: [RBAC], resources: ["clusterroles"], verbs: ["get", "bind"], resourceNames: [...bindable] },
];

const asPolicyRules = (perms: readonly RequiredPermission[]): V1PolicyRule[] => perms.map((p) => ({ apiGroups: [p.group], resources: [p.resource], verbs: [...p.verbs] }));

/** The contract's tenant ClusterRole: the namespaced host permissions and the vCluster Role's rules (so helm may create that Role). */
export const TENANT_CLUSTER_ROLE_RULES: V1PolicyRule[] = asPolicyRules([...REQUIRED_HOST_PERMISSIONS.namespaced, ...VCLUSTER_ROLE_RULES]);

export interface PlatformIdentity {
  kubeConfig: KubeConfig;
  /** The same identity as a kubeconfig file, for helm. */
  kubeconfigPath: string;
}

/**
 * Creates ServiceAccount `namespace/name` with ClusterRole + ClusterRoleBinding `name` holding `rules`
 * (and, when `platformSecret` is given, a Role reading only that Secret in `namespace`), then returns
 * its TokenRequest token as a KubeConfig and a kubeconfig file in `dir`. The namespace must exist.
 */
export async function serviceAccountIdentity(
  kube: ApiServerAccess,
  opts: { namespace: string; name: string; rules: V1PolicyRule[]; dir: string; platformSecret?: string },
): Promise<PlatformIdentity> {
  const admin = kube.kubeConfig();
  const core = admin.makeApiClient(CoreV1Api);
  const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
  const { namespace, name } = opts;
  const subject = { kind: "ServiceAccount", name, namespace };
  await core.createNamespacedServiceAccount({ namespace, body: { metadata: { name } } });
  await rbac.createClusterRole({ body: { metadata: { name }, rules: opts.rules } });
  await rbac.createClusterRoleBinding({ body: { metadata: { name }, roleRef: { apiGroup: RBAC, kind: "ClusterRole", name }, subjects: [subject] } });
  if (opts.platformSecret) {
    await rbac.createNamespacedRole({
      namespace,
      body: { metadata: { name }, rules: [{ apiGroups: [""], resources: ["secrets"], verbs: ["get"], resourceNames: [opts.platformSecret] }] },
    });
    await rbac.createNamespacedRoleBinding({ namespace, body: { metadata: { name }, roleRef: { apiGroup: RBAC, kind: "Role", name }, subjects: [subject] } });
  }
  return serviceAccountKubeconfig(kube, { namespace, name, file: path.join(opts.dir, `${namespace}-${name}.kubeconfig`) });
}

/** An existing ServiceAccount's TokenRequest token (1 h) as a KubeConfig and a kubeconfig file (for helm). */
export async function serviceAccountKubeconfig(kube: ApiServerAccess, opts: { namespace: string; name: string; file: string }): Promise<PlatformIdentity> {
  const admin = kube.kubeConfig();
  const { namespace, name } = opts;
  const token = await admin.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({ name, namespace, body: { spec: { audiences: [], expirationSeconds: 3600 } } });
  const caData = admin.getCurrentCluster()?.caData;
  if (!token.status?.token || !caData) throw new Error(`no token for ServiceAccount ${namespace}/${name} or no CA in the admin kubeconfig`);
  const kubeConfig = kubeConfigFromCredentials({ server: kube.server, caPem: Buffer.from(caData, "base64").toString("utf8"), token: token.status.token });
  await writeFile(opts.file, kubeConfig.exportConfig(), { mode: 0o600 });
  return { kubeConfig, kubeconfigPath: opts.file };
}
