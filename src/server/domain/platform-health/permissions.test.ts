import { describe, expect, it } from "vitest";
import {
  allows,
  formatMissing,
  missingHostPermissions,
  missingPermissions,
  REQUIRED_HOST_PERMISSIONS,
  tenantBindingPermissions,
  type ResourceRule,
} from "./permissions";

const ALL: ResourceRule[] = [{ apiGroups: ["*"], resources: ["*"], verbs: ["*"] }];
const core = (resources: string[], verbs: string[]): ResourceRule => ({ apiGroups: [""], resources, verbs });
const CRUD = ["get", "list", "create", "update", "patch", "delete"];
const CLUSTER_WIDE: ResourceRule[] = [
  core(["namespaces"], ["get", "create", "patch", "delete"]),
  core(["nodes"], ["list"]),
  { apiGroups: ["authorization.k8s.io"], resources: ["selfsubjectrulesreviews"], verbs: ["create"] },
  { apiGroups: ["authentication.k8s.io"], resources: ["selfsubjectreviews"], verbs: ["create"] },
];

describe("allows", () => {
  it("honours wildcards and subresource wildcards", () => {
    expect(allows(ALL, "apps", "statefulsets", "delete")).toBe(true);
    expect(allows([core(["pods/*"], ["patch"])], "", "pods/resize", "patch")).toBe(true);
    expect(allows([core(["pods"], ["patch"])], "", "pods/resize", "patch")).toBe(false);
    expect(allows([core(["secrets"], ["get"])], "apps", "secrets", "get")).toBe(false);
  });

  it("counts a rule limited to names only for those names, never for every object", () => {
    const named: ResourceRule[] = [{ apiGroups: ["rbac.authorization.k8s.io"], resources: ["clusterroles"], verbs: ["bind"], resourceNames: ["kubebyon-tenant"] }];
    expect(allows(named, "rbac.authorization.k8s.io", "clusterroles", "bind", ["kubebyon-tenant"])).toBe(true);
    expect(allows(named, "rbac.authorization.k8s.io", "clusterroles", "bind", ["cluster-admin"])).toBe(false);
    expect(allows(named, "rbac.authorization.k8s.io", "clusterroles", "bind")).toBe(false);
    // An empty name list (how the apiserver reports "all") and a rule without names cover any name.
    expect(allows([{ ...named[0]!, resourceNames: [] }], "rbac.authorization.k8s.io", "clusterroles", "bind", ["kubebyon-tenant"])).toBe(true);
  });
});

describe("REQUIRED_HOST_PERMISSIONS", () => {
  it("keeps cluster-scoped resources out of the namespaced list and the reverse", () => {
    const clusterScoped = new Set(["namespaces", "nodes", "selfsubjectrulesreviews", "selfsubjectreviews", "clusterroles"]);
    for (const p of REQUIRED_HOST_PERMISSIONS.namespaced) expect(clusterScoped.has(p.resource), p.resource).toBe(false);
    for (const p of REQUIRED_HOST_PERMISSIONS.clusterScoped) expect(clusterScoped.has(p.resource), p.resource).toBe(true);
  });

  it("lists the calls of the provisioner, the resolver and helm's release storage", () => {
    const verbsOf = (resource: string) => [...REQUIRED_HOST_PERMISSIONS.clusterScoped, ...REQUIRED_HOST_PERMISSIONS.namespaced].find((p) => p.resource === resource)?.verbs;
    expect(verbsOf("nodes")).toContain("list");
    expect(verbsOf("events")).toContain("list");
    expect(verbsOf("secrets")).toEqual(expect.arrayContaining(["get", "list", "create", "update", "patch", "delete"]));
    expect(verbsOf("namespaces")).toEqual(expect.arrayContaining(["get", "create", "patch", "delete"]));
  });
});

describe("missingHostPermissions", () => {
  it("finds nothing missing for cluster-admin", () => {
    expect(missingHostPermissions(ALL)).toEqual([]);
  });

  it("lists the missing verbs per resource, and the Role escalation when the vCluster Role's permissions are not held", () => {
    const rules: ResourceRule[] = [
      core(["namespaces"], ["get", "create", "patch"]),
      core(["resourcequotas", "limitranges"], ["get", "create", "patch"]),
      core(["secrets", "services"], CRUD),
      core(["serviceaccounts"], ["get", "create", "update", "patch", "delete"]),
      { apiGroups: ["apps"], resources: ["statefulsets"], verbs: CRUD },
      { apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles", "rolebindings"], verbs: ["get", "create", "update", "patch", "delete"] },
    ];
    const missing = missingHostPermissions(rules).map(formatMissing);
    expect(missing[0]).toBe("namespaces: delete");
    expect(missing).toContain("nodes: list");
    expect(missing).toContain("events: list");
    expect(missing).toContain("roles.rbac.authorization.k8s.io: escalate, bind");
    expect(missing).toContain("configmaps: create, delete, patch, update, get, list, watch");
    expect(missing).toContain("leases.coordination.k8s.io: create, delete, patch, update, get, list, watch");
    expect(missing).toContain("secrets: watch");
  });

  it("accepts escalate and bind on roles instead of holding the vCluster Role's permissions", () => {
    const rules: ResourceRule[] = [
      ...CLUSTER_WIDE,
      core(["resourcequotas", "limitranges", "secrets", "services", "serviceaccounts"], CRUD),
      core(["events"], ["list"]),
      { apiGroups: ["apps"], resources: ["statefulsets"], verbs: CRUD },
      { apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles", "rolebindings"], verbs: [...CRUD, "escalate", "bind"] },
    ];
    expect(missingHostPermissions(rules)).toEqual([]);
  });
});

describe("tenantBindingPermissions", () => {
  it("asks for bind and get on the one tenant ClusterRole, named in the gap", () => {
    const anyRole: ResourceRule = { apiGroups: ["rbac.authorization.k8s.io"], resources: ["rolebindings"], verbs: ["get", "create", "patch"] };
    const otherRole: ResourceRule = { apiGroups: ["rbac.authorization.k8s.io"], resources: ["clusterroles"], verbs: ["get", "bind"], resourceNames: ["cluster-admin"] };
    expect(missingPermissions([anyRole, otherRole], tenantBindingPermissions("kubebyon-tenant")).map(formatMissing)).toEqual([
      "clusterroles.rbac.authorization.k8s.io named kubebyon-tenant: get, bind",
    ]);
    const granted: ResourceRule = { ...otherRole, resourceNames: ["kubebyon-tenant"] };
    expect(missingPermissions([anyRole, granted], tenantBindingPermissions("kubebyon-tenant"))).toEqual([]);
  });
});
