import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { stepOutcomes, storedSteps } from "@e2e/env/operation-step-outcomes";
import { GATEWAY_API_GROUP, TLS_ROUTE_PLURAL, TLS_ROUTE_VERSION, type SharedGatewayRef } from "@/server/domain/clusters/control-plane-tls-route";
import { CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import { KubeApiError } from "@/server/infra/kube/kube-calls";
import { createCluster } from "./create-cluster";
import { deleteCluster } from "./delete-cluster";
import { enqueueClusterOperation } from "./enqueue-cluster-operation";
import { updateCluster } from "./update-cluster";

/**
 * The Gateway API provider in the cluster jobs (issue 12) on real parts: the harness's jobs with
 * provider gatewayapi against a real kube-apiserver with the Gateway API v1.6.3 standard CRDs and
 * a Gateway object, real helm and the stand-in vCluster. No Gateway controller runs (none is
 * available here): the test writes the route's status.parents through the status subresource, as a
 * controller would, to drive the route_status step.
 */
const origin = { ip: null, userAgent: null };
const viewer = { id: "usr_gw_jobs", email: "gw@example.test", name: "Gateway", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_gw" } };
const GATEWAY: SharedGatewayRef = { name: "kubebyon-edge", namespace: "kubebyon-system", sectionName: "tls-passthrough" };
const CONTROLLER = "example.net/gateway-controller";
let h: ClusterJobHarness;

interface StoredRoute {
  metadata: { uid: string; generation: number; labels?: Record<string, string> };
  spec: { hostnames: string[]; parentRefs: unknown[]; rules: Array<{ backendRefs: unknown[] }> };
}

const objects = () => h.kube.kubeConfig().makeApiClient(CustomObjectsApi);
const readCluster = (id: string) => h.db.cluster.findUniqueOrThrow({ where: { id } });
const latestOperation = (id: string, kind: string) => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: id, kind }, orderBy: { createdAt: "desc" } });
const stepOf = async (id: string, kind: string, name: string) => storedSteps((await latestOperation(id, kind)).steps).find((s) => s.name === name);

async function routeOf(id: string): Promise<StoredRoute | null> {
  const c = await readCluster(id);
  const ref = { group: GATEWAY_API_GROUP, version: TLS_ROUTE_VERSION, plural: TLS_ROUTE_PLURAL, namespace: c.namespace, name: `${c.vclusterName}-control-plane` };
  try {
    return (await objects().getNamespacedCustomObject(ref)) as StoredRoute;
  } catch (err) {
    if (KubeApiError.from(err).status === 404) return null;
    throw err;
  }
}

/** Plays the Gateway controller: status.parents for the shared Gateway, about the route's current generation. */
async function reportOnRoute(id: string, accepted: [string, string, string], resolvedRefs: [string, string, string]): Promise<void> {
  const c = await readCluster(id);
  const route = await routeOf(id);
  if (!route) throw new Error("no route to report on");
  const at = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const condition = (type: string, [status, reason, message]: [string, string, string]) => ({ type, status, reason, message, observedGeneration: route.metadata.generation, lastTransitionTime: at });
  await objects().patchNamespacedCustomObjectStatus(
    {
      group: GATEWAY_API_GROUP,
      version: TLS_ROUTE_VERSION,
      plural: TLS_ROUTE_PLURAL,
      namespace: c.namespace,
      name: `${c.vclusterName}-control-plane`,
      body: {
        status: {
          parents: [
            { parentRef: { group: GATEWAY_API_GROUP, kind: "Gateway", ...GATEWAY }, controllerName: CONTROLLER, conditions: [condition("Accepted", accepted), condition("ResolvedRefs", resolvedRefs)] },
          ],
        },
      },
    },
    setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
  );
}

/** Runs the cluster's update job again with the row unchanged (as a retry after fixing the Gateway would). */
async function rerunUpdate(id: string) {
  await h.db.$transaction(async (tx) => {
    await tx.cluster.update({ where: { id }, data: { status: "updating" } });
    await enqueueClusterOperation(tx, h.deps, { clusterId: id, kind: "update", jobKind: CLUSTER_UPDATE_JOB, requestedById: viewer.id });
  });
  return h.settled(id, "the update job");
}

const settled = (id: string) => h.settled(id, "the update job");

beforeAll(async () => {
  h = await startClusterJobHarness({ label: "control_plane_route_jobs", publicAccessProvider: "gatewayapi", gateway: GATEWAY, routeStatusWaitMs: 1_000 });
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
  const kc = h.kube.kubeConfig();
  await installGatewayApiCrds(kc);
  const core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
  // The shared Gateway the routes name (what the chart's gatewayAPI.controlPlane renders); no controller serves it.
  await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
    group: GATEWAY_API_GROUP,
    version: "v1",
    plural: "gateways",
    namespace: GATEWAY.namespace,
    body: {
      apiVersion: `${GATEWAY_API_GROUP}/v1`,
      kind: "Gateway",
      metadata: { name: GATEWAY.name, namespace: GATEWAY.namespace },
      spec: {
        gatewayClassName: "example",
        listeners: [{ name: GATEWAY.sectionName, protocol: "TLS", port: 443, tls: { mode: "Passthrough" }, allowedRoutes: { kinds: [{ kind: "TLSRoute" }], namespaces: { from: "All" } } }],
      },
    },
  });
}, 180_000);

afterAll(() => h?.close());

describe("the gatewayapi provider's TLSRoute in the cluster jobs", () => {
  let id: string;

  it("create publishes the route to the cluster's Service; with no controller route_status is skipped and the cluster is ready", async () => {
    const created = await createCluster(h.deps, viewer, { name: "gw-edge", publicAccessMode: "loadbalancer", controlPlaneHost: "api.gw.test" }, origin);
    id = created.id;
    await h.playVcluster(id);
    const ready = await h.settled(id, "cluster to be ready");
    // The provider it was rendered for is recorded, so a later provider change finds it (rerender-outdated-control-planes.ts).
    expect(ready).toMatchObject({ status: "ready", lastError: null, apiEndpoint: "https://api.gw.test:443", renderedPublicAccessProvider: "gatewayapi" });
    const service = await h.kube.kubeConfig().makeApiClient(CoreV1Api).readNamespacedService({ name: ready.vclusterName, namespace: ready.namespace });
    expect(service.spec?.type).toBe("ClusterIP");

    const route = await routeOf(id);
    expect(route?.metadata.labels).toMatchObject({ "kubebyon.io/cluster-id": id, "kubebyon.io/owner-id": viewer.id });
    expect(route?.spec.hostnames).toEqual(["api.gw.test"]);
    expect(route?.spec.parentRefs).toEqual([{ group: GATEWAY_API_GROUP, kind: "Gateway", ...GATEWAY }]);
    expect(route?.spec.rules).toEqual([{ backendRefs: [{ group: "", kind: "Service", name: ready.vclusterName, port: 443, weight: 1 }] }]);

    const op = await latestOperation(id, "create");
    expect(op.status).toBe("succeeded");
    expect(stepOutcomes(storedSteps(op.steps))).toEqual([
      "ensure_namespace:succeeded",
      "apply_quota:skipped",
      "copy_platform_secret:succeeded",
      "helm_install:succeeded",
      "wait_control_plane:succeeded",
      "publish_route:succeeded",
      "route_status:skipped",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
      "managed_ingress:skipped",
    ]);
    const routeName = `${ready.vclusterName}-control-plane`;
    expect((await stepOf(id, "create", "publish_route"))?.message).toContain(`TLSRoute ${ready.namespace}/${routeName} sends api.gw.test from Gateway kubebyon-system/kubebyon-edge`);
    const skipped = (await stepOf(id, "create", "route_status"))?.message ?? "";
    expect(skipped).toContain(`the Gateway controller has not reported on TLSRoute ${ready.namespace}/${routeName} yet; kubectl get tlsroute -n ${ready.namespace} ${routeName} -o yaml shows its status`);
    expect(skipped).toMatch(/The cluster is ready regardless/);
  });

  it("shows the controller's verdict: Accepted=False fails route_status with its reason and what to check; Accepted and ResolvedRefs True succeed", async () => {
    await reportOnRoute(id, ["False", "NotAllowedByListeners", "no listener admits routes from this namespace"], ["True", "ResolvedRefs", ""]);
    const refused = await rerunUpdate(id);
    expect(refused.status).toBe("error");
    const failedOp = await latestOperation(id, "update");
    expect(failedOp.status).toBe("failed");
    const failed = await stepOf(id, "update", "route_status");
    expect(failed?.status).toBe("failed");
    expect(failed?.message).toMatch(/^Gateway kubebyon-system\/kubebyon-edge \(listener tls-passthrough\) did not accept the route \(NotAllowedByListeners: no listener admits routes from this namespace\): check that the Gateway's listener tls-passthrough exists, is TLS with mode Passthrough, and admits TLSRoutes from namespace \S+ \(allowedRoutes\); kubectl get tlsroute/);
    expect(refused.lastError).toBe(failed?.message);
    // A controller's refusal repeats until someone changes the Gateway: no retry was queued.
    expect(await h.db.clusterJob.count({ where: { clusterId: id, status: "pending" } })).toBe(0);

    await reportOnRoute(id, ["True", "Accepted", ""], ["True", "ResolvedRefs", ""]);
    expect((await rerunUpdate(id)).status).toBe("ready");
    const accepted = await stepOf(id, "update", "route_status");
    expect(accepted).toMatchObject({ status: "succeeded", message: `Gateway kubebyon-system/kubebyon-edge (listener tls-passthrough) accepted the route and resolved its backend (controller ${CONTROLLER})` });
  });

  it("a new control_plane_host updates the same route; nodeport withdraws it; delete withdraws it before the namespace goes", async () => {
    const before = await routeOf(id);
    await updateCluster(h.deps, viewer, id, { controlPlaneHost: "api2.gw.test" }, origin);
    expect((await settled(id)).status).toBe("ready");
    const moved = await routeOf(id);
    expect(moved?.metadata.uid).toBe(before?.metadata.uid);
    expect(moved?.metadata.generation).toBe((before?.metadata.generation ?? 0) + 1);
    // The replaced name stays routed during its grace (KUBEBYON_SAN_GRACE_HOURS), so nodes joined on it keep working.
    expect(moved?.spec.hostnames).toEqual(["api2.gw.test", "api.gw.test"]);
    // The controller's last report was about the previous hostname: not taken for a verdict on this one.
    const stale = await stepOf(id, "update", "route_status");
    expect(stale?.status).toBe("skipped");
    expect(stale?.message).toMatch(/has not reported on TLSRoute .* yet \(so far: .*Accepted is reported for an older version of the route\)/);

    await updateCluster(h.deps, viewer, id, { publicAccessMode: "nodeport" }, origin);
    expect((await settled(id)).status).toBe("ready");
    expect(await routeOf(id)).toBeNull();
    const nodeportOp = await latestOperation(id, "update");
    expect(stepOutcomes(storedSteps(nodeportOp.steps)).slice(3, 7)).toEqual(["wait_control_plane:succeeded", "verify_serving_certificate:succeeded", "withdraw_route:succeeded", "resolve_endpoint:succeeded"]);
    expect(storedSteps(nodeportOp.steps).some((s) => s.name === "publish_route")).toBe(false);

    await updateCluster(h.deps, viewer, id, { publicAccessMode: "loadbalancer" }, origin);
    expect((await settled(id)).status).toBe("ready");
    expect((await routeOf(id))?.spec.hostnames).toEqual(["api2.gw.test", "api.gw.test"]);

    await deleteCluster(h.deps, viewer, id, origin);
    expect((await h.waitFor("deletion", () => readCluster(id), (c) => c.status !== "deleting", 90_000)).status).toBe("deleted");
    const deleteOp = await latestOperation(id, "delete");
    expect(stepOutcomes(storedSteps(deleteOp.steps))).toEqual(["withdraw_route:succeeded", "helm_uninstall:succeeded", "delete_namespace:succeeded", "mark_deleted:succeeded"]);
    expect(await routeOf(id)).toBeNull();
  });
});
