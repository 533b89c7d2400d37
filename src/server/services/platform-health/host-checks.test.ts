import { describe, expect, it } from "vitest";
import { REQUIRED_HOST_PERMISSIONS, tenantBindingPermissions, VCLUSTER_ROLE_RULES, type RequiredPermission, type ResourceRule } from "@/server/domain/platform-health/permissions";
import { checkHostPermissions } from "./host-checks";
import type { HostClusterInspector } from "./platform-health-deps";

// The apiserver's answers as data: SelfSubjectRulesReview per namespace and ClusterRoles by name.
const asRules = (required: readonly RequiredPermission[]): ResourceRule[] =>
  required.map((p) => ({ apiGroups: [p.group], resources: [p.resource], verbs: [...p.verbs], resourceNames: p.resourceNames ? [...p.resourceNames] : [] }));
const TENANT = "kubebyon-tenant";
const PLATFORM_SECRET: ResourceRule = { apiGroups: [""], resources: ["secrets"], verbs: ["get"], resourceNames: ["vcluster-platform-api-key"] };
const CLUSTER_WIDE = asRules([...REQUIRED_HOST_PERMISSIONS.clusterScoped, ...tenantBindingPermissions(TENANT)]);
const TENANT_RULES = asRules([...REQUIRED_HOST_PERMISSIONS.namespaced, ...VCLUSTER_ROLE_RULES]);

function inspector(answers: { clusterWide: ResourceRule[]; clusterRoles: Record<string, ResourceRule[] | "forbidden"> }): HostClusterInspector {
  return {
    version: () => Promise.resolve("v1.37.2"),
    // The source namespace also holds the Role that reads the platform Secret; any other namespace only the cluster-wide grants.
    rules: (namespace) => Promise.resolve({ rules: namespace === "kubebyon" ? [...answers.clusterWide, PLATFORM_SECRET] : answers.clusterWide, incomplete: false }),
    clusterRoleRules: (name) => {
      const role = answers.clusterRoles[name];
      if (role === undefined) return Promise.resolve({ status: "missing" });
      return Promise.resolve(role === "forbidden" ? { status: "forbidden" } : { status: "found", rules: role });
    },
    secretExists: () => Promise.resolve(true),
    servedKinds: () => Promise.resolve([]),
    loadBalancerAddressCount: () => Promise.resolve(null),
  };
}

const check = (host: HostClusterInspector, tenantClusterRole: string | undefined) =>
  checkHostPermissions(
    { hostClusterProblem: () => null, hostInspector: () => host, platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: "kubebyon" }, tenantClusterRole },
    AbortSignal.timeout(5_000),
  );

describe("host_permissions with KUBEBYON_TENANT_CLUSTER_ROLE", () => {
  it("is ok when the cluster-wide grants and the tenant ClusterRole together cover a cluster namespace", async () => {
    expect(await check(inspector({ clusterWide: CLUSTER_WIDE, clusterRoles: { [TENANT]: TENANT_RULES } }), TENANT)).toMatchObject({ status: "ok" });
  });

  it("without the setting, the same cluster-wide grants alone are far from enough", async () => {
    const outcome = await check(inspector({ clusterWide: CLUSTER_WIDE, clusterRoles: { [TENANT]: TENANT_RULES } }), undefined);
    expect(outcome.status).toBe("error");
    expect(outcome.missing).toContain("secrets: get, list, create, update, patch, delete");
  });

  it("says which grant lacks what: the tenant ClusterRole or the cluster-wide one", async () => {
    const withoutPatch = TENANT_RULES.map((r) => (r.resources[0] === "limitranges" ? { ...r, verbs: r.verbs.filter((v) => v !== "patch") } : r));
    const withoutBind = CLUSTER_WIDE.filter((r) => !r.resources.includes("clusterroles"));
    const outcome = await check(inspector({ clusterWide: [...withoutBind, core(["nodes"], ["get"])], clusterRoles: { [TENANT]: withoutPatch } }), TENANT);
    expect(outcome.status).toBe("error");
    expect(outcome.missing).toEqual([
      `clusterroles.rbac.authorization.k8s.io named ${TENANT}: get, bind (cluster-wide)`,
      `limitranges: patch (in ClusterRole ${TENANT})`,
    ]);
    expect(outcome.nextStep).toContain(`add the entries marked (in ClusterRole ${TENANT}) to ClusterRole ${TENANT}`);
  });

  it("accepts escalate and bind on roles in the tenant ClusterRole instead of the vCluster Role's permissions", async () => {
    const escalating = [...asRules(REQUIRED_HOST_PERMISSIONS.namespaced), { apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles"], verbs: ["escalate", "bind"] }];
    expect(await check(inspector({ clusterWide: CLUSTER_WIDE, clusterRoles: { [TENANT]: escalating } }), TENANT)).toMatchObject({ status: "ok" });
    const neither = await check(inspector({ clusterWide: CLUSTER_WIDE, clusterRoles: { [TENANT]: asRules(REQUIRED_HOST_PERMISSIONS.namespaced) } }), TENANT);
    expect(neither.missing).toContain(`roles.rbac.authorization.k8s.io: escalate, bind (in ClusterRole ${TENANT})`);
    expect(neither.missing).toContain(`leases.coordination.k8s.io: create, delete, patch, update, get, list, watch (in ClusterRole ${TENANT})`);
  });

  it("fails with the fix when the tenant ClusterRole does not exist or cannot be read", async () => {
    const missing = await check(inspector({ clusterWide: CLUSTER_WIDE, clusterRoles: {} }), TENANT);
    expect(missing).toMatchObject({
      status: "error",
      detail: `ClusterRole ${TENANT} (KUBEBYON_TENANT_CLUSTER_ROLE) does not exist: install it (the Helm chart creates it) or unset the setting.`,
      missing: [],
    });
    const unreadable = await check(inspector({ clusterWide: CLUSTER_WIDE.filter((r) => !r.resources.includes("clusterroles")), clusterRoles: { [TENANT]: "forbidden" } }), TENANT);
    expect(unreadable.status).toBe("error");
    expect(unreadable.detail).toContain(`may not read ClusterRole ${TENANT}`);
    expect(unreadable.missing).toEqual([`clusterroles.rbac.authorization.k8s.io named ${TENANT}: get, bind (cluster-wide)`]);
  });

  it("asks for the platform Secret only by name in its namespace", async () => {
    const host = inspector({ clusterWide: CLUSTER_WIDE, clusterRoles: { [TENANT]: TENANT_RULES } });
    const elsewhere = await checkHostPermissions(
      { hostClusterProblem: () => null, hostInspector: () => host, platformSecret: { name: "other-key", sourceNamespace: "kubebyon" }, tenantClusterRole: TENANT },
      AbortSignal.timeout(5_000),
    );
    expect(elsewhere.missing).toEqual(["secrets named other-key: get (in namespace kubebyon)"]);
  });
});

function core(resources: string[], verbs: string[]): ResourceRule {
  return { apiGroups: [""], resources, verbs };
}
