import { ApiextensionsV1Api, CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { waitUntil } from "@e2e/env/kube/wait-until";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import {
  buildControlPlaneTlsRoute,
  GATEWAY_API_GROUP,
  TLS_ROUTE_PLURAL,
  TLS_ROUTE_VERSION,
  type SharedGatewayRef,
  type TlsRouteManifest,
} from "@/server/domain/clusters/control-plane-tls-route";
import { GatewayApiNotInstalledError, GatewayApiTlsRoutes } from "./gateway-api-tls-routes";
import { KubeApiError } from "./kube-calls";

/**
 * The platform's TLSRoute against a real kube-apiserver with the Gateway API CRDs (v1.6.3,
 * standard channel) installed: the apiserver's OpenAPI and CEL validation of the CRD decides what
 * is accepted. No Gateway controller runs: the test writes the route's status itself, through the
 * status subresource, the way a controller would.
 */

let kube: KubeCluster;
let admin: KubeConfig;
let routes: GatewayApiTlsRoutes;
let crdNames: string[];
const NS = "kb-cl-gw";
const RELEASE = "demo";
const GATEWAY: SharedGatewayRef = { name: "kubebyon-edge", namespace: "kubebyon-system", sectionName: "tls-passthrough" };
// What services/clusters clusterOwnerLabels gives (infra may not import it).
const LABELS = { "kubebyon.io/cluster-id": "cl_gw", "kubebyon.io/owner-id": "usr_gw", "app.kubernetes.io/managed-by": "kubebyon" };
const CONTROLLER = "example.net/gateway-controller";

function routeFor(host: string): TlsRouteManifest {
  const built = buildControlPlaneTlsRoute({ namespace: NS, releaseName: RELEASE, controlPlaneHost: host, gateway: GATEWAY, labels: LABELS });
  if (built.kind !== "ready") throw new Error(built.reason);
  return built.route;
}

const objects = () => admin.makeApiClient(CustomObjectsApi);
const ref = (name: string) => ({ group: GATEWAY_API_GROUP, version: TLS_ROUTE_VERSION, plural: TLS_ROUTE_PLURAL, namespace: NS, name });

interface StoredRoute {
  metadata: { resourceVersion: string; generation: number; labels?: Record<string, string>; managedFields?: Array<{ manager?: string }> };
  spec: TlsRouteManifest["spec"];
}
const readRoute = async (name: string) => (await objects().getNamespacedCustomObject(ref(name))) as StoredRoute;

/** Plays the Gateway controller: writes status.parents for the shared Gateway through the status subresource. */
async function reportStatus(name: string, conditions: Array<{ type: string; status: string; reason: string; message: string; observedGeneration: number }>) {
  const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  await objects().patchNamespacedCustomObjectStatus(
    {
      ...ref(name),
      body: {
        status: {
          parents: [
            {
              parentRef: { group: GATEWAY_API_GROUP, kind: "Gateway", ...GATEWAY },
              controllerName: CONTROLLER,
              conditions: conditions.map((c) => ({ ...c, lastTransitionTime: now })),
            },
          ],
        },
      },
    },
    setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
  );
}

beforeAll(async () => {
  kube = await startKubeCluster();
  admin = kube.kubeConfig();
  crdNames = await installGatewayApiCrds(admin);
  await admin.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: NS } } });
  routes = new GatewayApiTlsRoutes({ kubeConfig: admin });
});

afterAll(() => kube?.stop());

describe("Gateway API CRDs in the test apiserver", () => {
  it("installs the standard channel's CRDs, TLSRoute v1 among them, Established and idempotent", async () => {
    expect(crdNames).toContain("tlsroutes.gateway.networking.k8s.io");
    expect(crdNames).toContain("gateways.gateway.networking.k8s.io");
    expect(await installGatewayApiCrds(admin)).toEqual(crdNames);
    const crd = await admin.makeApiClient(ApiextensionsV1Api).readCustomResourceDefinition({ name: "tlsroutes.gateway.networking.k8s.io" });
    expect(crd.metadata?.annotations?.["gateway.networking.k8s.io/bundle-version"]).toBe("v1.6.3");
    expect(crd.metadata?.annotations?.["gateway.networking.k8s.io/channel"]).toBe("standard");
    expect(crd.spec.versions.find((v) => v.name === "v1")).toMatchObject({ served: true, storage: true });
  });
});

describe("GatewayApiTlsRoutes", () => {
  const name = routeFor("api.one.example.com").metadata.name;

  it("creates the route; the apiserver's schema accepts it and stores what the platform built", async () => {
    const created = await routes.apply(routeFor("api.one.example.com"));
    expect(created.generation).toBe(1);
    const stored = await readRoute(name);
    expect(stored.metadata.labels).toMatchObject(LABELS);
    expect(stored.metadata.managedFields?.map((f) => f.manager)).toContain("kubebyon");
    expect(stored.spec.hostnames).toEqual(["api.one.example.com"]);
    expect(stored.spec.parentRefs).toEqual([{ group: GATEWAY_API_GROUP, kind: "Gateway", ...GATEWAY }]);
    expect(stored.spec.rules).toEqual([{ backendRefs: [{ group: "", kind: "Service", name: RELEASE, port: 443, weight: 1 }] }]);
  });

  it("re-applying the same route changes nothing (same resourceVersion and generation)", async () => {
    const before = await readRoute(name);
    const again = await routes.apply(routeFor("api.one.example.com"));
    expect(again).toEqual({ resourceVersion: before.metadata.resourceVersion, generation: before.metadata.generation });
  });

  it("is refused by the apiserver's validation when the hostname is not a DNS name or is an IP", async () => {
    for (const hostname of ["Not_A_Host.example.com", "203.0.113.7"]) {
      const bad = routeFor("api.one.example.com");
      const attempt = routes.apply({ ...bad, metadata: { ...bad.metadata, name: "bad-route" }, spec: { ...bad.spec, hostnames: [hostname] } });
      const err = await attempt.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, hostname).toBeInstanceOf(KubeApiError);
      expect((err as KubeApiError).status).toBe(422);
      expect((err as KubeApiError).explanation).toMatch(/hostnames/);
    }
    expect(await routes.readStatus({ namespace: NS, name: "bad-route", gateway: GATEWAY })).toBeNull();
  });

  it("updates the hostname in place (new generation, one hostname)", async () => {
    const before = await readRoute(name);
    const updated = await routes.apply(routeFor("API.two.example.com:443"));
    expect(updated.generation).toBe(before.metadata.generation + 1);
    expect(updated.resourceVersion).not.toBe(before.metadata.resourceVersion);
    expect((await readRoute(name)).spec.hostnames).toEqual(["api.two.example.com"]);
  });

  it("reads the status a controller writes: nothing yet, rejected, stale, accepted", async () => {
    expect(await routes.readStatus({ namespace: NS, name, gateway: GATEWAY })).toMatchObject({ kind: "not_reported" });
    const generation = (await readRoute(name)).metadata.generation;

    await reportStatus(name, [
      { type: "Accepted", status: "True", reason: "Accepted", message: "", observedGeneration: generation },
      { type: "ResolvedRefs", status: "False", reason: "BackendNotFound", message: `service ${NS}/${RELEASE} not found`, observedGeneration: generation },
    ]);
    const rejected = await routes.readStatus({ namespace: NS, name, gateway: GATEWAY });
    expect(rejected).toMatchObject({
      kind: "rejected",
      parent: {
        controllerName: CONTROLLER,
        gateway: GATEWAY,
        accepted: { status: "True", current: true },
        resolvedRefs: { status: "False", reason: "BackendNotFound", current: true },
      },
    });
    expect(rejected?.kind === "rejected" && rejected.message).toContain(`service ${NS}/${RELEASE} not found`);

    await reportStatus(name, [
      { type: "Accepted", status: "True", reason: "Accepted", message: "", observedGeneration: generation - 1 },
      { type: "ResolvedRefs", status: "True", reason: "ResolvedRefs", message: "", observedGeneration: generation - 1 },
    ]);
    expect(await routes.readStatus({ namespace: NS, name, gateway: GATEWAY })).toMatchObject({ kind: "pending" });

    await reportStatus(name, [
      { type: "Accepted", status: "True", reason: "Accepted", message: "", observedGeneration: generation },
      { type: "ResolvedRefs", status: "True", reason: "ResolvedRefs", message: "", observedGeneration: generation },
    ]);
    expect(await routes.readStatus({ namespace: NS, name, gateway: GATEWAY })).toMatchObject({ kind: "accepted" });

    // The platform's apply owns the spec only: re-applying keeps the controller's status.
    await routes.apply(routeFor("api.two.example.com"));
    expect(await routes.readStatus({ namespace: NS, name, gateway: GATEWAY })).toMatchObject({ kind: "accepted" });
  });

  it("the status schema refuses what no controller may write (a report without conditions)", async () => {
    const err = await objects()
      .patchNamespacedCustomObjectStatus(
        { ...ref(name), body: { status: { parents: [{ parentRef: { name: GATEWAY.name }, controllerName: CONTROLLER, conditions: [] }] } } },
        setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
      )
      .then(
        () => undefined,
        (e: unknown) => KubeApiError.from(e),
      );
    expect(err?.status).toBe(422);
  });

  it("a missing namespace is the API's own 404, not a missing Gateway API", async () => {
    const route = routeFor("api.one.example.com");
    const err = await routes.apply({ ...route, metadata: { ...route.metadata, namespace: "kb-no-such-ns" } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(KubeApiError);
    expect(err).not.toBeInstanceOf(GatewayApiNotInstalledError);
    expect((err as KubeApiError).status).toBe(404);
  });

  it("deletes the route; deleting it again is success and says nothing was there", async () => {
    expect(await routes.delete({ namespace: NS, name })).toEqual({ deleted: true });
    expect(await routes.readStatus({ namespace: NS, name, gateway: GATEWAY })).toBeNull();
    expect(await routes.delete({ namespace: NS, name })).toEqual({ deleted: false });
  });

  it("says the Gateway API is missing when the host does not serve TLSRoute", async () => {
    const crds = admin.makeApiClient(ApiextensionsV1Api);
    await crds.deleteCustomResourceDefinition({ name: "tlsroutes.gateway.networking.k8s.io" });
    await waitUntil(
      "the TLSRoute CRD is gone",
      () => crds.readCustomResourceDefinition({ name: "tlsroutes.gateway.networking.k8s.io" }).then(() => undefined, (e: unknown) => (KubeApiError.from(e).status === 404 ? true : undefined)),
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const err = await routes.apply(routeFor("api.one.example.com")).then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    expect(err, err?.message).toBeInstanceOf(GatewayApiNotInstalledError);
    if (!err) return;
    expect(err.message).toMatch(/install the Gateway API CRDs/);
    await expect(routes.readStatus({ namespace: NS, name, gateway: GATEWAY })).rejects.toBeInstanceOf(GatewayApiNotInstalledError);
    expect(await routes.delete({ namespace: NS, name })).toEqual({ deleted: false });
  });
});
