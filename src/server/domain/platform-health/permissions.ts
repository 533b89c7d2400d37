/**
 * What the platform must be allowed to do on the host cluster, and a pure check of an
 * apiserver's answer (SelfSubjectRulesReview resource rules) against it.
 */
export interface ResourceRule {
  apiGroups: readonly string[];
  resources: readonly string[];
  verbs: readonly string[];
}

export interface RequiredPermission {
  group: string;
  resource: string;
  verbs: readonly string[];
  /** Why the platform needs it, for the admin reading the list. */
  why: string;
}

const CRUD = ["get", "list", "create", "update", "patch", "delete"] as const;

/**
 * Every host-cluster call of the lifecycle jobs: namespaces, quota and limits (server-side apply
 * is a patch that may create), the platform Secret copy and the kubeconfig Secret read, and what
 * helm does for the vcluster chart (it renders ServiceAccounts, a Secret, a Role and RoleBinding,
 * two Services and a StatefulSet, and keeps its release history in Secrets).
 */
export const REQUIRED_HOST_PERMISSIONS: readonly RequiredPermission[] = [
  { group: "", resource: "namespaces", verbs: ["get", "create", "patch", "delete"], why: "one namespace per cluster" },
  { group: "", resource: "resourcequotas", verbs: ["get", "create", "patch"], why: "plan quota per cluster namespace" },
  { group: "", resource: "limitranges", verbs: ["get", "create", "patch"], why: "container defaults under the quota" },
  { group: "", resource: "secrets", verbs: CRUD, why: "platform API key copy, vCluster kubeconfig, helm release history" },
  { group: "", resource: "services", verbs: CRUD, why: "the control-plane Services the chart renders" },
  { group: "", resource: "serviceaccounts", verbs: ["get", "create", "update", "patch", "delete"], why: "the chart's ServiceAccounts" },
  { group: "apps", resource: "statefulsets", verbs: CRUD, why: "the control-plane StatefulSet" },
  { group: "rbac.authorization.k8s.io", resource: "roles", verbs: ["get", "create", "update", "patch", "delete"], why: "the chart's Role vc-<release>" },
  { group: "rbac.authorization.k8s.io", resource: "rolebindings", verbs: ["get", "create", "update", "patch", "delete"], why: "the chart's RoleBinding vc-<release>" },
];

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

/** Whether any rule allows `verb` on `group`/`resource`. */
export function allows(rules: readonly ResourceRule[], group: string, resource: string, verb: string): boolean {
  return rules.some((r) => matches(r.apiGroups, group) && resourceMatches(r.resources, resource) && matches(r.verbs, verb));
}

/** A missing permission: the resource (with its API group unless core) and the verbs not granted. */
export interface MissingPermission {
  resource: string;
  verbs: string[];
  why: string;
}

const qualified = (p: RequiredPermission) => (p.group === "" ? p.resource : `${p.resource}.${p.group}`);

export function missingPermissions(rules: readonly ResourceRule[], required: readonly RequiredPermission[]): MissingPermission[] {
  return required.flatMap((p) => {
    const verbs = p.verbs.filter((verb) => !allows(rules, p.group, p.resource, verb));
    return verbs.length > 0 ? [{ resource: qualified(p), verbs, why: p.why }] : [];
  });
}

/**
 * The platform's gaps on the host: its own calls, plus — unless it may escalate and bind
 * roles — whatever of the vCluster Role it does not hold, which Kubernetes would refuse when
 * helm creates that Role.
 */
export function missingHostPermissions(rules: readonly ResourceRule[]): MissingPermission[] {
  const own = missingPermissions(rules, REQUIRED_HOST_PERMISSIONS);
  const escalation = missingPermissions(rules, [ROLE_ESCALATION]);
  if (escalation.length === 0) return own;
  const roleGaps = missingPermissions(rules, VCLUSTER_ROLE_RULES);
  return roleGaps.length === 0 ? own : [...own, ...escalation, ...roleGaps];
}

export const formatMissing = (m: MissingPermission) => `${m.resource}: ${m.verbs.join(", ")}`;
