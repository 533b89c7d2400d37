import { CoreV1Api, CustomObjectsApi, KubernetesObjectApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { buildControlPlaneTlsRoute, controlPlaneTlsRouteName, type SharedGatewayRef } from "@/server/domain/clusters/control-plane-tls-route";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { GatewayApiTlsRoutes } from "@/server/infra/kube/gateway-api-tls-routes";
import { createLogger } from "@/server/observability/logger";
import { clusterOwnerLabels } from "./control-plane-provisioner";
import { recheckControlPlaneRoutes, type ControlPlaneRouteRecheckDeps } from "./recheck-control-plane-routes";

// The periodic re-check on real parts: PostgreSQL rows, a kube-apiserver with the pinned Gateway API CRDs, the
// production TLSRoute adapter. No Gateway controller runs: the test writes route and Gateway status through the
// status subresource, shaped as a v1 controller writes them.
const GW: SharedGatewayRef = { name: "kubebyon-edge", namespace: "kubebyon-system", sectionName: "tls-passthrough" };
const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const group = "gateway.networking.k8s.io";
let database: TestDatabase;
let db: Db;
let kube: KubeCluster;
let routes: GatewayApiTlsRoutes;
let deps: ControlPlaneRouteRecheckDeps;
let clusterId: string;
const NS = "kb-cl-recheck";
const RELEASE = "rc";
const NAME = controlPlaneTlsRouteName(RELEASE);

const custom = () => kube.kubeConfig().makeApiClient(CustomObjectsApi);
const T = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");
const cond = (type: string, status: string, reason: string, message: string, observedGeneration: number) => ({ type, status, reason, message, observedGeneration, lastTransitionTime: T() });

async function writeRouteStatus(accepted: "True" | "False"): Promise<void> {
  const route = (await custom().getNamespacedCustomObject({ group, version: "v1", plural: "tlsroutes", namespace: NS, name: NAME })) as { metadata: { generation: number } };
  const g = route.metadata.generation;
  const conditions = accepted === "True" ? [cond("Accepted", "True", "Accepted", "Route is accepted", g), cond("ResolvedRefs", "True", "ResolvedRefs", "Resolved", g)] : [cond("Accepted", "False", "NotAllowedByListeners", "No listeners included by this parent ref allowed this attachment.", g)];
  await custom().patchNamespacedCustomObjectStatus(
    { group, version: "v1", plural: "tlsroutes", namespace: NS, name: NAME, body: { status: { parents: [{ parentRef: { group, kind: "Gateway", ...GW }, controllerName: "example.test/gateway-controller", conditions }] } } },
    mergePatch,
  );
}

async function writeGatewayStatus(programmed: boolean): Promise<void> {
  const gw = (await custom().getNamespacedCustomObject({ group, version: "v1", plural: "gateways", namespace: GW.namespace, name: GW.name })) as { metadata: { generation: number } };
  const g = gw.metadata.generation;
  const conditions = [cond("Accepted", "True", "Accepted", "Listener accepted", g), ...(programmed ? [cond("Programmed", "True", "Programmed", "Listener programmed", g)] : [])];
  await custom().patchNamespacedCustomObjectStatus(
    { group, version: "v1", plural: "gateways", namespace: GW.namespace, name: GW.name, body: { status: { listeners: [{ name: GW.sectionName, attachedRoutes: 1, supportedKinds: [{ group, kind: "TLSRoute" }], conditions }] } } },
    mergePatch,
  );
}

const row = () => db.cluster.findUniqueOrThrow({ where: { id: clusterId } });

beforeAll(async () => {
  database = await createTestDatabase("control_plane_route_recheck");
  db = createPrismaClient(database.url);
  kube = await startKubeCluster();
  const kc = kube.kubeConfig();
  await installGatewayApiCrds(kc);
  const core = kc.makeApiClient(CoreV1Api);
  for (const name of [GW.namespace, NS]) await core.createNamespace({ body: { metadata: { name } } });
  const gateway = { apiVersion: `${group}/v1`, kind: "Gateway", metadata: { name: GW.name, namespace: GW.namespace }, spec: { gatewayClassName: "eg", listeners: [{ name: GW.sectionName, protocol: "TLS", port: 443, tls: { mode: "Passthrough" }, allowedRoutes: { namespaces: { from: "All" }, kinds: [{ kind: "TLSRoute" }] } }] } };
  await KubernetesObjectApi.makeApiClient(kc).patch(gateway, undefined, undefined, "helm", true, PatchStrategy.ServerSideApply);

  const ownerId = newId("usr");
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "recheck" } });
  clusterId = newId("cl");
  await db.cluster.create({ data: { id: clusterId, ownerId, name: "recheck", vclusterName: RELEASE, namespace: NS, status: "ready", publicAccessMode: "loadbalancer", controlPlaneHost: "rc.k8s.example.test" } });
  routes = new GatewayApiTlsRoutes({ kubeConfig: kc });
  const built = buildControlPlaneTlsRoute({ namespace: NS, releaseName: RELEASE, controlPlaneHost: "rc.k8s.example.test", gateway: GW, labels: clusterOwnerLabels({ clusterId, ownerId }) });
  if (built.kind !== "ready") throw new Error(built.reason);
  // A CRD just Established may still answer 429 for a while.
  await waitFor("the TLSRoute to be applied", () => routes.apply(built.route).then(() => true, () => false), (ok) => ok, 30_000);
  deps = { db, log: createLogger({ level: "error" }), now: () => new Date(), publicAccessProvider: "gatewayapi", controlPlaneRoutes: { routes, gateway: () => GW, statusWaitMs: 0, statusPollMs: 0 } };
}, 300_000);

afterAll(async () => {
  await kube?.stop();
  await db?.$disconnect();
  await database?.drop();
});

describe("recheckControlPlaneRoutes against a real apiserver and PostgreSQL", () => {
  it("is pending with how to look until a controller reports, ready once the route is accepted and the listener Programmed", async () => {
    const first = await recheckControlPlaneRoutes(deps);
    expect(first.checked).toBe(1);
    const pending = await row();
    expect(pending.controlPlaneRouteStatus).toBe("pending");
    expect(pending.controlPlaneRouteMessage).toBe(
      `No Gateway controller has accepted TLSRoute ${NS}/${NAME} on listener ${GW.sectionName} yet (status.parents is empty); check that a controller for GatewayClass eg runs: kubectl -n ${NS} get tlsroute ${NAME} -o yaml`,
    );
    expect(pending.controlPlaneRouteCheckedAt).not.toBeNull();

    await writeRouteStatus("True");
    await writeGatewayStatus(true);
    const second = await recheckControlPlaneRoutes(deps);
    expect(second.changes).toEqual([{ clusterId, status: "ready", message: expect.stringContaining("is accepted and listener tls-passthrough") as string }]);
    const ready = await row();
    expect(ready.controlPlaneRouteStatus).toBe("ready");
    expect(ready.controlPlaneRouteCheckedAt!.getTime()).toBeGreaterThanOrEqual(pending.controlPlaneRouteCheckedAt!.getTime());
    // Unchanged: nothing written but the checked-at stamp.
    expect((await recheckControlPlaneRoutes(deps)).changes).toEqual([]);
    expect((await row()).updatedAt).toEqual(ready.updatedAt);
  });

  it("is not ready when the listener lacks Programmed, or the controller refuses the route (Accepted=False)", async () => {
    await writeGatewayStatus(false);
    await recheckControlPlaneRoutes(deps);
    expect(await row()).toMatchObject({ controlPlaneRouteStatus: "pending", controlPlaneRouteMessage: expect.stringContaining(`no controller reports listener ${GW.sectionName} of Gateway ${GW.namespace}/${GW.name} as Programmed yet`) as string });
    await writeGatewayStatus(true);
    await writeRouteStatus("False");
    await recheckControlPlaneRoutes(deps);
    expect(await row()).toMatchObject({ controlPlaneRouteStatus: "error", controlPlaneRouteMessage: expect.stringContaining("(Accepted=False, NotAllowedByListeners: No listeners included by this parent ref allowed this attachment.)") as string });
  });

  it("clears the verdict of a cluster that no longer has a route (public access changed)", async () => {
    await db.cluster.update({ where: { id: clusterId }, data: { publicAccessMode: "nodeport" } });
    const result = await recheckControlPlaneRoutes(deps);
    expect(result).toMatchObject({ checked: 0, changes: [{ clusterId, status: null, message: null }] });
    expect(await row()).toMatchObject({ controlPlaneRouteStatus: null, controlPlaneRouteMessage: null, controlPlaneRouteCheckedAt: null });
  });
});
