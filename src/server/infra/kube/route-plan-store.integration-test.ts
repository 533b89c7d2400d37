import { readFile } from "node:fs/promises";
import { CoreV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { installRoutePlanCrd, ROUTE_PLAN_CRD_FILES } from "@e2e/env/route-plan-crd";
import type { JoinedNodeRouteSource } from "@/server/domain/pod-routes/pod-route";
import { ROUTE_PLAN_GROUP, ROUTE_PLAN_KIND, ROUTE_PLAN_PLURAL, ROUTE_PLAN_VERSION } from "@/server/domain/pod-routes/route-plan-resource";
import type { JoinedNodeRouteSourceList } from "@/server/services/pod-routes/ports";
import { syncRoutePlans } from "@/server/services/pod-routes/sync-route-plans";
import { KubeApiError } from "./kube-calls";
import { KubeRoutePlanStore, RoutePlanCrdMissingError } from "./route-plan-store";

// routeagent mode's plan writer against a real apiserver with the CRD from the chart's crds/ file. The joined nodes
// come from a stand-in of the source port (what each cluster's API server would say); the plans are real objects.
let kube: KubeCluster;
let store: KubeRoutePlanStore;
let custom: CustomObjectsApi;
const plan = { group: ROUTE_PLAN_GROUP, version: ROUTE_PLAN_VERSION, plural: ROUTE_PLAN_PLURAL };

/** What the clusters' API servers answer this pass: nodes per readable cluster, a message per unreadable one. */
let answer: { nodes: JoinedNodeRouteSource[]; unreadable: Array<{ clusterId: string; message: string }> } = { nodes: [], unreadable: [] };
const source: JoinedNodeRouteSourceList = { list: async () => answer };
const joined = (clusterId: string, nodeName: string, podCidr: string, internalIp: string): JoinedNodeRouteSource => ({ clusterId, nodeName, podCIDRs: [podCidr], internalIp });

const readPlan = async (name: string) =>
  (await custom.getClusterCustomObject({ ...plan, name })) as { metadata: { resourceVersion: string; labels?: Record<string, string> }; spec: { routes: unknown[] } };
const planNames = async () => ((await custom.listClusterCustomObject(plan)) as { items: Array<{ metadata: { name: string } }> }).items.map((i) => i.metadata.name).sort();

beforeAll(async () => {
  kube = await startKubeCluster();
  store = new KubeRoutePlanStore(kube.kubeConfig());
  custom = kube.kubeConfig().makeApiClient(CustomObjectsApi);
  await kube.addNode({ name: "host-a", internalIP: "127.0.10.1" });
  await kube.addNode({ name: "host-b", internalIP: "127.0.10.2" });
}, 180_000);

afterAll(async () => {
  await kube?.stop();
});

describe("route plans in a real apiserver", () => {
  it("says the CRD is missing, with what to install, before it is installed", async () => {
    const error = await store.listPlans().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RoutePlanCrdMissingError);
    expect((error as Error).message).toContain("crds/workloadpodcidrnoderouteplans.yaml");
  });

  it("ships the same CRD in both charts, and the apiserver accepts and serves it", async () => {
    const [single, multi] = await Promise.all(ROUTE_PLAN_CRD_FILES.map((f) => readFile(f, "utf8")));
    expect(multi).toBe(single);
    expect(await installRoutePlanCrd(kube.kubeConfig())).toEqual(["workloadpodcidrnoderouteplans.kubebyon.io"]);
    expect(await store.listPlans()).toEqual([]);
  });

  it("refuses a malformed plan: a route without its gateway, a route that is not an object", async () => {
    for (const routes of [[{ destination: "10.251.1.0/24", clusterId: "c1", nodeName: "n1" }], ["10.251.1.0/24 via 10.250.0.2"]]) {
      const error = await custom
        .createClusterCustomObject({ ...plan, body: { apiVersion: `${ROUTE_PLAN_GROUP}/${ROUTE_PLAN_VERSION}`, kind: ROUTE_PLAN_KIND, metadata: { name: "malformed" }, spec: { routes } } })
        .catch((e: unknown) => KubeApiError.from(e));
      expect(error).toBeInstanceOf(KubeApiError);
      expect((error as KubeApiError).status).toBe(422);
      expect((error as KubeApiError).explanation).toMatch(/spec\.routes\[0\]/);
    }
  });

  it("writes every host node a plan with the full route set, labelled and validated", async () => {
    answer = {
      nodes: [joined("c1", "w1", "10.251.1.0/24", "10.250.0.11"), joined("c2", "w2", "10.251.2.0/24", "10.250.0.12"), { clusterId: "c2", nodeName: "nocidr", podCIDRs: [], internalIp: "10.250.0.13" }],
      unreadable: [],
    };
    const result = await syncRoutePlans({ source, store });
    expect(result.applied).toEqual(["host-a", "host-b"]);
    expect(result.refused.map((r) => [r.nodeName, r.reason])).toEqual([["nocidr", "no-pod-cidr"]]);
    const routes = [
      { destination: "10.251.1.0/24", gateway: "10.250.0.11", clusterId: "c1", nodeName: "w1" },
      { destination: "10.251.2.0/24", gateway: "10.250.0.12", clusterId: "c2", nodeName: "w2" },
    ];
    for (const name of ["host-a", "host-b"]) {
      const object = await readPlan(name);
      expect(object.spec.routes).toEqual(routes);
      expect(object.metadata.labels).toMatchObject({ "kubebyon.io/managed-by": "kubebyon" });
    }
    expect((await store.listPlans()).map((p) => p.nodeName).sort()).toEqual(["host-a", "host-b"]);
  });

  it("does not re-apply a plan whose routes are unchanged", async () => {
    const before = (await readPlan("host-a")).metadata.resourceVersion;
    const result = await syncRoutePlans({ source, store });
    expect(result).toMatchObject({ applied: [], unchanged: ["host-a", "host-b"], deleted: [] });
    expect((await readPlan("host-a")).metadata.resourceVersion).toBe(before);
  });

  it("deletes the plan of a host node that is gone and writes one for a new node; an unlabelled plan is not the platform's", async () => {
    await custom.createClusterCustomObject({ ...plan, body: { apiVersion: `${ROUTE_PLAN_GROUP}/${ROUTE_PLAN_VERSION}`, kind: ROUTE_PLAN_KIND, metadata: { name: "operators-own" }, spec: { routes: [] } } });
    await kube.addNode({ name: "host-c", internalIP: "127.0.10.3" });
    await kube.kubeConfig().makeApiClient(CoreV1Api).deleteNode({ name: "host-b" });
    const result = await syncRoutePlans({ source, store });
    expect(result).toMatchObject({ applied: ["host-c"], unchanged: ["host-a"], deleted: ["host-b"] });
    expect(await planNames()).toEqual(["host-a", "host-c", "operators-own"]);
    await store.delete("host-b"); // already gone: not an error
  });

  it("keeps the routes of a cluster that cannot be read, exactly as the plans had them, and updates the others", async () => {
    answer = { nodes: [joined("c1", "w1", "10.251.1.0/24", "10.250.0.21")], unreadable: [{ clusterId: "c2", message: "connect ECONNREFUSED" }] };
    const result = await syncRoutePlans({ source, store });
    expect(result.applied).toEqual(["host-a", "host-c"]);
    const expected = [
      { destination: "10.251.1.0/24", gateway: "10.250.0.21", clusterId: "c1", nodeName: "w1" },
      { destination: "10.251.2.0/24", gateway: "10.250.0.12", clusterId: "c2", nodeName: "w2" },
    ];
    expect((await readPlan("host-a")).spec.routes).toEqual(expected);
    expect((await readPlan("host-c")).spec.routes).toEqual(expected);

    // Readable again without that node: its route goes.
    answer = { nodes: [joined("c1", "w1", "10.251.1.0/24", "10.250.0.21")], unreadable: [] };
    await syncRoutePlans({ source, store });
    expect((await readPlan("host-a")).spec.routes).toEqual([expected[0]]);
  });
});
