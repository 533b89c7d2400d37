import { CustomObjectsApi } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { installRoutePlanCrd } from "@e2e/env/route-plan-crd";
import { ROUTE_PLAN_GROUP, ROUTE_PLAN_PLURAL, ROUTE_PLAN_VERSION } from "@/server/domain/pod-routes/route-plan-resource";
import { KubeRoutePlanStore } from "@/server/infra/kube/route-plan-store";
import { createLogger } from "@/server/observability/logger";
import type { JoinedNodeRouteSourceList } from "./ports";
import { leaderClaimsOn, startTestTask } from "@e2e/env/background-task";
import { routePlansTask } from "./route-plans.task";

// routeagent mode's task in two job-processing processes (two schedulers, one PostgreSQL): only the leader writes the
// plans into the real apiserver; when it stops, the other takes over at its next tick.
let kube: KubeCluster;
let database: TestDatabase;
const lines: Array<{ msg: string; owner?: string; applied?: string[] }> = [];
const source: JoinedNodeRouteSourceList = {
  list: async () => ({ nodes: [{ clusterId: "c1", nodeName: "w1", podCIDRs: ["10.251.1.0/24"], internalIp: "10.250.0.11" }], unreadable: [] }),
};

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("route_plan_loop");
  await installRoutePlanCrd(kube.kubeConfig());
  await kube.addNode({ name: "host-a", internalIP: "127.0.10.1" });
}, 180_000);

afterAll(async () => {
  await database?.drop();
  await kube?.stop();
});

describe("the route plan task (routeagent mode)", () => {
  it("writes the plans from the leader only, and the other process takes over when the leader stops", async () => {
    const start = (owner: string) => {
      const log = createLogger({ level: "info", base: { owner }, write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) });
      return startTestTask(routePlansTask, { source, store: new KubeRoutePlanStore(kube.kubeConfig()) }, { intervalMs: 200, claims: leaderClaimsOn(database.url, owner), log });
    };
    const written = () => lines.filter((l) => l.msg === "PodCIDR route plan pass");
    const one = start("one");
    await expect.poll(() => written().length, { timeout: 15_000 }).toBe(1);
    const two = start("two");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // One pass wrote host-a's plan; every later pass of either process found it unchanged and logged nothing.
    expect(written()).toEqual([expect.objectContaining({ owner: "one", applied: ["host-a"] })]);
    const custom = kube.kubeConfig().makeApiClient(CustomObjectsApi);
    const planOf = (name: string) => custom.getClusterCustomObject({ group: ROUTE_PLAN_GROUP, version: ROUTE_PLAN_VERSION, plural: ROUTE_PLAN_PLURAL, name }) as Promise<{ spec: { routes: unknown[] } }>;
    expect((await planOf("host-a")).spec.routes).toEqual([{ destination: "10.251.1.0/24", gateway: "10.250.0.11", clusterId: "c1", nodeName: "w1" }]);

    await one.stop();
    await kube.addNode({ name: "host-b", internalIP: "127.0.10.2" });
    await expect.poll(() => written().at(-1), { timeout: 15_000 }).toMatchObject({ owner: "two", applied: ["host-b"] });
    expect((await planOf("host-b")).spec.routes).toHaveLength(1);
    await two.stop();
  });
});
