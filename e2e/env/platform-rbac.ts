import { writeFile } from "node:fs/promises";
import path from "node:path";
import { CoreV1Api, RbacAuthorizationV1Api, type KubeConfig, type V1ClusterRole, type V1PolicyRule } from "@kubernetes/client-node";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import { CHARTS, HelmRunner, publicUrl } from "./charts/helm-chart-render";
import type { ApiServerAccess } from "./kube-cluster";
import { ensureKubeTools } from "./kube-tools";

/**
 * The platform's identity as the Helm chart deploys it: the rules of the chart's two ClusterRoles as
 * `helm template` renders them (the chart is their one source; a gap in it shows up here as a
 * refusal). The cluster-wide ClusterRole holds only namespaces, nodes, the self reviews,
 * rolebindings get/create/patch and get+bind on the tenant ClusterRole; the tenant ClusterRole is
 * bound nowhere, and the platform binds it to itself per cluster namespace (KUBEBYON_TENANT_CLUSTER_ROLE).
 */
export interface ChartRbacRules {
  /** The cluster-wide rules, with get+bind on the given ClusterRole names instead of the chart's own tenant role. */
  clusterWide(bindable: readonly string[]): V1PolicyRule[];
  tenant: V1PolicyRule[];
}

const RBAC = "rbac.authorization.k8s.io";

let rendered: Promise<ChartRbacRules> | undefined;

export function chartRbacRules(): Promise<ChartRbacRules> {
  rendered ??= (async () => {
    const helm = await HelmRunner.create((await ensureKubeTools()).helm);
    try {
      const chart = CHARTS.find((c) => c.multiNode) ?? CHARTS[0]!;
      const roles = (await helm.render(chart, { publicUrl }, { release: "kubebyon" })).ofKind<V1ClusterRole>("ClusterRole");
      const tenantRole = roles.find((r) => r.metadata?.name?.endsWith("-tenant"));
      const clusterRole = roles.find((r) => r !== tenantRole);
      if (!tenantRole?.rules || !clusterRole?.rules) throw new Error(`the chart renders no cluster-wide and tenant ClusterRole (got ${roles.map((r) => r.metadata?.name).join(", ")})`);
      const wide = clusterRole.rules;
      return {
        clusterWide: (bindable) => wide.map((r) => (r.resourceNames?.length ? { ...r, resourceNames: [...bindable] } : r)),
        tenant: tenantRole.rules,
      };
    } finally {
      await helm.cleanup();
    }
  })();
  return rendered;
}

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
