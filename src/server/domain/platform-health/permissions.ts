/**
 * What the platform must be allowed to do on the host cluster, and a pure check of an
 * apiserver's answer (SelfSubjectRulesReview resource rules) against it.
 */
export interface ResourceRule {
  apiGroups: readonly string[];
  resources: readonly string[];
  verbs: readonly string[];
  /** Empty or absent: every object; else only these names ("*" = all). */
  resourceNames?: readonly string[];
}

export interface RequiredPermission {
  group: string;
  resource: string;
  verbs: readonly string[];
  /** Only on these objects (RBAC resourceNames); absent = on every object. */
  resourceNames?: readonly string[];
  /** Why the platform needs it, for the admin reading the list. */
  why: string;
}

const CRUD = ["get", "list", "create", "update", "patch", "delete"] as const;
const RBAC_GROUP = "rbac.authorization.k8s.io";

/**
 * Every host-cluster call of the platform (src/server/infra/kube) and of helm for the vcluster
 * chart, split by where RBAC must grant it. Server-side apply is a patch that may create, so it
 * needs both verbs. Helm 3 keeps release history in Secrets (list by label owner=helm, get, create,
 * update the previous one to superseded, delete beyond --history-max and on uninstall); per object
 * it gets before it creates, patches on upgrade, deletes what an upgrade drops and on uninstall.
 * `--wait=false`: helm itself watches nothing.
 *
 * The deployment charts render their ClusterRoles from these lists (and a test compares them):
 * `clusterScoped` in the ClusterRole bound cluster-wide, `namespaced` (∪ VCLUSTER_ROLE_RULES) in
 * the tenant ClusterRole bound per cluster namespace (KUBEBYON_TENANT_CLUSTER_ROLE).
 */
export const REQUIRED_HOST_PERMISSIONS = {
  /** Objects outside any namespace, and the reviews the platform asks about itself. */
  clusterScoped: [
    { group: "", resource: "namespaces", verbs: ["get", "create", "patch", "delete"], why: "one namespace per cluster (created, read while waiting, deleted with the cluster)" },
    { group: "", resource: "nodes", verbs: ["list"], why: "the NodePort host address of public access (a node's address)" },
    { group: "authorization.k8s.io", resource: "selfsubjectrulesreviews", verbs: ["create"], why: "Platform health: what the platform may do" },
    { group: "authentication.k8s.io", resource: "selfsubjectreviews", verbs: ["create"], why: "who the platform is (the subject of its per-namespace RoleBinding)" },
  ],
  /** Inside each cluster namespace. */
  namespaced: [
    { group: "", resource: "resourcequotas", verbs: ["get", "create", "patch"], why: "plan quota per cluster namespace" },
    { group: "", resource: "limitranges", verbs: ["get", "create", "patch"], why: "container defaults under the quota" },
    { group: "", resource: "secrets", verbs: CRUD, why: "platform API key copy, vCluster kubeconfig, helm release history" },
    { group: "", resource: "services", verbs: CRUD, why: "the control-plane Services the chart renders, read for the endpoint" },
    { group: "", resource: "serviceaccounts", verbs: ["get", "create", "update", "patch", "delete"], why: "the chart's ServiceAccounts" },
    { group: "", resource: "events", verbs: ["list"], why: "why the control-plane Pod is refused (FailedCreate events) while waiting" },
    { group: "apps", resource: "statefulsets", verbs: CRUD, why: "the control-plane StatefulSet" },
    { group: RBAC_GROUP, resource: "roles", verbs: ["get", "create", "update", "patch", "delete"], why: "the chart's Role vc-<release>" },
    { group: RBAC_GROUP, resource: "rolebindings", verbs: ["get", "create", "update", "patch", "delete"], why: "the chart's RoleBinding vc-<release>" },
  ],
} as const satisfies Record<"clusterScoped" | "namespaced", readonly RequiredPermission[]>;

/** The RoleBinding the platform applies in each cluster namespace when KUBEBYON_TENANT_CLUSTER_ROLE is set. */
export const TENANT_ROLE_BINDING_NAME = "kubebyon-platform";

/**
 * With KUBEBYON_TENANT_CLUSTER_ROLE: what the cluster-wide grant needs besides `clusterScoped`, so
 * the platform can bind that ClusterRole to itself in a namespace it just created (no namespaced
 * grant can exist there yet). `bind` lets it grant what it does not hold; `get` lets it check the
 * ClusterRole exists (Kubernetes accepts a binding to a missing role).
 */
export function tenantBindingPermissions(clusterRole: string): RequiredPermission[] {
  return [
    { group: RBAC_GROUP, resource: "rolebindings", verbs: ["get", "create", "patch"], why: `RoleBinding ${TENANT_ROLE_BINDING_NAME} in each new cluster namespace` },
    { group: RBAC_GROUP, resource: "clusterroles", verbs: ["get", "bind"], resourceNames: [clusterRole], why: `bind ClusterRole ${clusterRole} (KUBEBYON_TENANT_CLUSTER_ROLE) in each cluster namespace` },
  ];
}

/** Reading the platform API key Secret in its source namespace (only that Secret). */
export function platformSecretPermission(name: string): RequiredPermission {
  return { group: "", resource: "secrets", verbs: ["get"], resourceNames: [name], why: `read ${name}` };
}

/**
 * The Role `vc-<release>` of vcluster 0.33 (KUBE-FACTS). Kubernetes lets the platform create it
 * only if it holds all of this itself, or has `escalate` (create the Role) and `bind` (bind it)
 * on roles.
 */
export const VCLUSTER_ROLE_RULES: readonly RequiredPermission[] = [
  { group: "", resource: "secrets", verbs: ["create", "delete", "patch", "update", "get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "configmaps", verbs: ["create", "delete", "patch", "update", "get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "services", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "pods", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "persistentvolumeclaims", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "pods/resize", verbs: ["patch", "update"], why: "vCluster Role" },
  { group: "apps", resource: "statefulsets", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "apps", resource: "replicasets", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "apps", resource: "deployments", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "endpoints", verbs: ["create", "delete", "patch", "update", "get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "pods/log", verbs: ["get", "list", "watch"], why: "vCluster Role" },
  { group: "", resource: "events", verbs: ["create", "get", "list", "watch"], why: "vCluster Role" },
  { group: "events.k8s.io", resource: "events", verbs: ["create", "get", "list", "watch"], why: "vCluster Role" },
  { group: "discovery.k8s.io", resource: "endpointslices", verbs: ["create", "list", "get", "delete", "patch", "update", "watch"], why: "vCluster Role" },
  { group: "coordination.k8s.io", resource: "leases", verbs: ["create", "delete", "patch", "update", "get", "list", "watch"], why: "vCluster Role" },
];

export const ROLE_ESCALATION: RequiredPermission = {
  group: "rbac.authorization.k8s.io",
  resource: "roles",
  verbs: ["escalate", "bind"],
  why: "create and bind the chart's Role without holding its permissions",
};

const matches = (values: readonly string[], wanted: string) => values.includes("*") || values.includes(wanted);

function resourceMatches(resources: readonly string[], wanted: string): boolean {
  if (matches(resources, wanted)) return true;
  // "pods/*" covers every subresource of pods.
  const [base, sub] = wanted.split("/");
  return sub !== undefined && resources.includes(`${base}/*`);
}

/** A rule limited to names covers only those; a permission on every object needs a rule without names. */
function namesMatch(ruleNames: readonly string[] | undefined, wanted: readonly string[] | undefined): boolean {
  if (!ruleNames || ruleNames.length === 0 || ruleNames.includes("*")) return true;
  return wanted !== undefined && wanted.length > 0 && wanted.every((name) => ruleNames.includes(name));
}

/** Whether any rule allows `verb` on `group`/`resource` (on the objects `resourceNames`, or all). */
export function allows(rules: readonly ResourceRule[], group: string, resource: string, verb: string, resourceNames?: readonly string[]): boolean {
  return rules.some(
    (r) => matches(r.apiGroups, group) && resourceMatches(r.resources, resource) && matches(r.verbs, verb) && namesMatch(r.resourceNames, resourceNames),
  );
}

/** A missing permission: the resource (with its API group unless core) and the verbs not granted. */
export interface MissingPermission {
  resource: string;
  verbs: string[];
  why: string;
}

const qualified = (p: RequiredPermission) => {
  const resource = p.group === "" ? p.resource : `${p.resource}.${p.group}`;
  return p.resourceNames?.length ? `${resource} named ${p.resourceNames.join(", ")}` : resource;
};

export function missingPermissions(rules: readonly ResourceRule[], required: readonly RequiredPermission[]): MissingPermission[] {
  return required.flatMap((p) => {
    const verbs = p.verbs.filter((verb) => !allows(rules, p.group, p.resource, verb, p.resourceNames));
    return verbs.length > 0 ? [{ resource: qualified(p), verbs, why: p.why }] : [];
  });
}

/**
 * The gaps in a cluster namespace, given the rules the platform holds there: its own calls, plus —
 * unless it may escalate and bind roles — whatever of the vCluster Role it does not hold, which
 * Kubernetes would refuse when helm creates that Role.
 */
export function missingNamespacePermissions(rules: readonly ResourceRule[]): MissingPermission[] {
  const own = missingPermissions(rules, REQUIRED_HOST_PERMISSIONS.namespaced);
  const escalation = missingPermissions(rules, [ROLE_ESCALATION]);
  if (escalation.length === 0) return own;
  const roleGaps = missingPermissions(rules, VCLUSTER_ROLE_RULES);
  return roleGaps.length === 0 ? own : [...own, ...escalation, ...roleGaps];
}

/** Everything the platform lacks when one identity holds all its rights (rules of a fresh cluster namespace). */
export function missingHostPermissions(rules: readonly ResourceRule[]): MissingPermission[] {
  return [...missingPermissions(rules, REQUIRED_HOST_PERMISSIONS.clusterScoped), ...missingNamespacePermissions(rules)];
}

export const formatMissing = (m: MissingPermission) => `${m.resource}: ${m.verbs.join(", ")}`;
