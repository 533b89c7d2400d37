import type { V1ClusterRole, V1PolicyRule } from "@kubernetes/client-node";
import {
  allows,
  REQUIRED_HOST_PERMISSIONS,
  tenantBindingPermissions,
  VCLUSTER_ROLE_RULES,
  type RequiredPermission,
  type ResourceRule,
} from "@/server/domain/platform-health/permissions";

/**
 * The rendered ClusterRoles as permissions.ts sees rules. A rule restricted to resourceNames
 * grants nothing in general, so it is left out of the coverage checks (and checked by name).
 */

export const ALL_VERBS = ["get", "list", "watch", "create", "update", "patch", "delete", "deletecollection", "bind", "escalate", "impersonate"] as const;

export function generalRules(role: V1ClusterRole): ResourceRule[] {
  return (role.rules ?? [])
    .filter((r: V1PolicyRule) => !r.resourceNames || r.resourceNames.length === 0)
    .map((r) => ({ apiGroups: r.apiGroups ?? [], resources: r.resources ?? [], verbs: r.verbs }));
}

/** The needs of `required` that `rules` do not grant, as "resource.group: verb" lines. */
export function notGranted(rules: readonly ResourceRule[], required: readonly RequiredPermission[]): string[] {
  return required.flatMap((p) => p.verbs.filter((v) => !allows(rules, p.group, p.resource, v)).map((v) => `${p.resource}${p.group ? `.${p.group}` : ""}: ${v}`));
}

export const namespacedNeeds = (): RequiredPermission[] => [...REQUIRED_HOST_PERMISSIONS.namespaced, ...VCLUSTER_ROLE_RULES];

/** What the cluster-wide ClusterRole must grant in general (the named clusterroles rule is checked by name). */
export const clusterScopedNeeds = (): RequiredPermission[] => [
  ...REQUIRED_HOST_PERMISSIONS.clusterScoped,
  ...tenantBindingPermissions("<fullname>-tenant").filter((p) => !p.resourceNames),
];
