import { formatMissing, missingHostPermissions, missingPermissions } from "@/server/domain/platform-health/permissions";
import type { PlatformHealthDeps } from "./platform-health-deps";
import type { CheckOutcome } from "./platform-health-view";

// A namespace no cluster uses: its rules are what a new cluster's namespace gets (the cluster-wide grants).
const NEW_CLUSTER_NAMESPACE = "kubebyon-permission-check";

type HostDeps = Pick<PlatformHealthDeps, "hostClusterProblem" | "hostInspector" | "platformSecret">;

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
  const missing = missingHostPermissions(fresh.rules).map(formatMissing);
  for (const gap of missingPermissions(source.rules, [{ group: "", resource: "secrets", verbs: ["get"], why: `read ${name}` }])) {
    missing.push(`${formatMissing(gap)} (in namespace ${sourceNamespace})`);
  }
  if (missing.length > 0) {
    return {
      status: "error",
      detail: `The platform's identity on the host cluster lacks ${missing.length} permission${missing.length === 1 ? "" : "s"} that creating clusters needs.`,
      nextStep:
        "Grant the listed verbs to the platform's user or service account with a ClusterRole and ClusterRoleBinding. For the vCluster chart's Role, either grant the permissions it contains or `escalate` and `bind` on roles.rbac.authorization.k8s.io (Kubernetes refuses a Role that grants more than its creator holds). See docs/cluster-runtime.md.",
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
