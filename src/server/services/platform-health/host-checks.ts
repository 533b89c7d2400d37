import {
  formatMissing,
  missingHostPermissions,
  missingNamespacePermissions,
  missingPermissions,
  platformSecretPermission,
  REQUIRED_HOST_PERMISSIONS,
  tenantBindingPermissions,
  TENANT_ROLE_BINDING_NAME,
  type ResourceRule,
} from "@/server/domain/platform-health/permissions";
import type { HostClusterInspector, PlatformHealthDeps } from "./platform-health-deps";
import type { CheckOutcome } from "./platform-health-view";

// A namespace no cluster uses: its rules are what a new cluster's namespace gets (the cluster-wide grants).
const NEW_CLUSTER_NAMESPACE = "kubebyon-permission-check";

type HostDeps = Pick<PlatformHealthDeps, "hostClusterProblem" | "hostInspector" | "platformSecret" | "tenantClusterRole">;

const NO_HOST: CheckOutcome = { status: "skipped", detail: "No host cluster is configured (see host_apiserver)." };

export async function checkHostApiserver(deps: HostDeps, signal: AbortSignal): Promise<CheckOutcome> {
  const problem = deps.hostClusterProblem();
  if (problem) return { status: "error", detail: "No host cluster is configured, so clusters cannot be created.", nextStep: problem };
  const version = await deps.hostInspector().version(signal);
  return { status: "ok", detail: `Reachable; Kubernetes ${version}.` };
}

export async function checkHostPermissions(deps: HostDeps, signal: AbortSignal): Promise<CheckOutcome> {
  if (deps.hostClusterProblem()) return NO_HOST;
  const inspector = deps.hostInspector();
  const { name, sourceNamespace } = deps.platformSecret;
  const [fresh, source] = await Promise.all([inspector.rules(NEW_CLUSTER_NAMESPACE, signal), inspector.rules(sourceNamespace, signal)]);
  const gaps = deps.tenantClusterRole
    ? await tenantGaps(inspector, deps.tenantClusterRole, fresh.rules, signal)
    : { missing: missingHostPermissions(fresh.rules).map(formatMissing), problem: undefined };
  const missing = [...gaps.missing];
  for (const gap of missingPermissions(source.rules, [platformSecretPermission(name)])) {
    missing.push(`${formatMissing(gap)} (in namespace ${sourceNamespace})`);
  }
  if (gaps.problem) return { status: "error", ...gaps.problem, missing };
  if (missing.length > 0) {
    return {
      status: "error",
      detail: `The platform's identity on the host cluster lacks ${missing.length} permission${missing.length === 1 ? "" : "s"} that creating clusters needs.`,
      nextStep: deps.tenantClusterRole
        ? TENANT_NEXT_STEP(deps.tenantClusterRole)
        : "Grant the listed verbs to the platform's user or service account with a ClusterRole and ClusterRoleBinding. For the vCluster chart's Role, either grant the permissions it contains or `escalate` and `bind` on roles.rbac.authorization.k8s.io (Kubernetes refuses a Role that grants more than its creator holds). See docs/cluster-runtime.md.",
      missing,
    };
  }
  if (fresh.incomplete || source.incomplete) {
    return {
      status: "warning",
      detail: "No missing permission found, but the apiserver's answer is incomplete (an authorizer other than RBAC, such as a webhook, is in use).",
      nextStep: "Verify by hand: kubectl auth can-i --list --as <the platform's identity>.",
    };
  }
  return { status: "ok", detail: "The platform may do everything creating, updating and deleting clusters needs." };
}

const TENANT_NEXT_STEP = (role: string) =>
  `Grant the entries marked (cluster-wide) with a ClusterRole bound to the platform's identity by a ClusterRoleBinding, and add the entries marked (in ClusterRole ${role}) to ClusterRole ${role}, which the platform binds to itself in each cluster namespace (RoleBinding ${TENANT_ROLE_BINDING_NAME}; KUBEBYON_TENANT_CLUSTER_ROLE). The Helm chart's two ClusterRoles hold all of them. For the vCluster chart's Role, ${role} either contains its permissions or \`escalate\` and \`bind\` on roles.rbac.authorization.k8s.io. See docs/cluster-runtime.md.`;

/**
 * With KUBEBYON_TENANT_CLUSTER_ROLE, a new cluster namespace holds the cluster-wide rules plus, once
 * the platform has bound it there, the tenant ClusterRole's: each gap says which of the two lacks it.
 */
async function tenantGaps(
  inspector: HostClusterInspector,
  role: string,
  clusterWide: readonly ResourceRule[],
  signal: AbortSignal,
): Promise<{ missing: string[]; problem: { detail: string; nextStep: string } | undefined }> {
  const required = [...REQUIRED_HOST_PERMISSIONS.clusterScoped, ...tenantBindingPermissions(role)];
  const missing = missingPermissions(clusterWide, required).map((gap) => `${formatMissing(gap)} (cluster-wide)`);
  const tenant = await inspector.clusterRoleRules(role, signal);
  if (tenant.status === "missing") {
    return {
      missing,
      problem: {
        detail: `ClusterRole ${role} (KUBEBYON_TENANT_CLUSTER_ROLE) does not exist: install it (the Helm chart creates it) or unset the setting.`,
        nextStep: `Every cluster create and update fails at ensure_namespace until ClusterRole ${role} exists: reinstall or upgrade the Helm chart (it renders that ClusterRole), or set KUBEBYON_TENANT_CLUSTER_ROLE to the ClusterRole you made for cluster namespaces.`,
      },
    };
  }
  if (tenant.status !== "found") {
    return {
      missing,
      problem: {
        detail: `The platform may not read ClusterRole ${role} (KUBEBYON_TENANT_CLUSTER_ROLE), so what it grants in cluster namespaces is unknown.`,
        nextStep: TENANT_NEXT_STEP(role),
      },
    };
  }
  const inNamespace = missingNamespacePermissions([...clusterWide, ...tenant.rules]).map((gap) => `${formatMissing(gap)} (in ClusterRole ${role})`);
  return { missing: [...missing, ...inNamespace], problem: undefined };
}

export async function checkPlatformApiKeySecret(deps: HostDeps, signal: AbortSignal): Promise<CheckOutcome> {
  if (deps.hostClusterProblem()) return NO_HOST;
  const { name, sourceNamespace } = deps.platformSecret;
  if (await deps.hostInspector().secretExists(sourceNamespace, name, signal)) {
    return { status: "ok", detail: `Secret ${sourceNamespace}/${name} exists; each cluster namespace gets a copy.` };
  }
  return {
    status: "error",
    detail: `Secret ${sourceNamespace}/${name} does not exist, so every cluster create fails at copy_platform_secret (vCluster Private Nodes need the vCluster Platform API key).`,
    nextStep: `Create it in namespace ${sourceNamespace} (see docs/cluster-runtime.md), or set KUBEBYON_PLATFORM_API_KEY_SECRET_NAME / KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE to where it lives.`,
  };
}
