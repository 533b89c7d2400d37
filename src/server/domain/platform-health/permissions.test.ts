import { describe, expect, it } from "vitest";
import { allows, formatMissing, missingHostPermissions, type ResourceRule } from "./permissions";

const ALL: ResourceRule[] = [{ apiGroups: ["*"], resources: ["*"], verbs: ["*"] }];
const core = (resources: string[], verbs: string[]): ResourceRule => ({ apiGroups: [""], resources, verbs });
const CRUD = ["get", "list", "create", "update", "patch", "delete"];

describe("allows", () => {
  it("honours wildcards and subresource wildcards", () => {
    expect(allows(ALL, "apps", "statefulsets", "delete")).toBe(true);
    expect(allows([core(["pods/*"], ["patch"])], "", "pods/resize", "patch")).toBe(true);
    expect(allows([core(["pods"], ["patch"])], "", "pods/resize", "patch")).toBe(false);
    expect(allows([core(["secrets"], ["get"])], "apps", "secrets", "get")).toBe(false);
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
    expect(missing).toContain("roles.rbac.authorization.k8s.io: escalate, bind");
    expect(missing).toContain("configmaps: create, delete, patch, update, get, list, watch");
    expect(missing).toContain("leases.coordination.k8s.io: create, delete, patch, update, get, list, watch");
    expect(missing).toContain("secrets: watch");
  });

  it("accepts escalate and bind on roles instead of holding the vCluster Role's permissions", () => {
    const rules: ResourceRule[] = [
      ...[core(["namespaces", "resourcequotas", "limitranges", "secrets", "services", "serviceaccounts"], CRUD)],
      { apiGroups: ["apps"], resources: ["statefulsets"], verbs: CRUD },
      { apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles", "rolebindings"], verbs: [...CRUD, "escalate", "bind"] },
    ];
    expect(missingHostPermissions(rules)).toEqual([]);
  });
});
