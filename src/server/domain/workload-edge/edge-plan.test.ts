import { describe, expect, it } from "vitest";
import type { WorkloadBackendDecision } from "./backend-decision";
import { SELF_MANAGED_HTTP_ONLY, type WorkloadTlsSettings } from "./edge-certificates";
import { planWorkloadEdge, type EdgeClusterInput, type EdgeManifest } from "./edge-plan";
import type { EdgeHttpRouteManifest } from "./edge-routes";
import { dedicatedCertificateName, httpsListenerName, sharedCertificateName, type CertificateManifest } from "./tls-objects";

const GATEWAY = { name: "kubebyon-workload", namespace: "kubebyon-system", sectionName: "http" };
const ISSUER = { kind: "ClusterIssuer", name: "letsencrypt" } as const;
const OFF: WorkloadTlsSettings = { enabled: false, issuer: ISSUER, selfManaged: { enabled: false, issuerOverride: undefined } };
const ON: WorkloadTlsSettings = { ...OFF, enabled: true };
const POD_IP: WorkloadBackendDecision = { mode: "pod-ip", addresses: ["10.42.0.7"], port: 80, reason: "reachable" };

const cluster = (over: Partial<EdgeClusterInput> = {}): EdgeClusterInput => ({
  id: "cl_a",
  namespace: "kb-a",
  release: "a",
  labels: { "kubebyon.io/cluster-id": "cl_a" },
  cnameTarget: "a.apps.example.test",
  bindings: [
    { id: "hb_1", hostname: "shop.apps.example.test", scope: "platform_managed" },
    { id: "hb_2", hostname: "www.customer.org", scope: "self_managed" },
  ],
  backend: POD_IP,
  ...over,
});

// A Certificate found on the host lists every hostname of the fixture unless `covers` says otherwise.
const EVERY_NAME = ["a.apps.example.test", "shop.apps.example.test", "www.customer.org"];
const plan = (tls: WorkloadTlsSettings, clusters = [cluster()], ready: Record<string, boolean> = {}, covers: readonly string[] = EVERY_NAME) =>
  planWorkloadEdge({
    clusters,
    settings: { gateway: GATEWAY, tls },
    certificateReadiness: new Map(Object.entries(ready).map(([name, r]) => [name, { ready: r, message: r ? "issued" : "Issuing: waiting for the ACME order", dnsNames: covers }])),
  });
const routes = (ms: EdgeManifest[]) => ms.filter((m): m is EdgeHttpRouteManifest => m.kind === "HTTPRoute");
const certificates = (ms: EdgeManifest[]) => ms.filter((m): m is CertificateManifest => m.kind === "Certificate");
const route = (ms: EdgeManifest[], name: string) => routes(ms).find((r) => r.metadata.name === name);
const SHARED = sharedCertificateName("cl_a");
const DEDICATED = dedicatedCertificateName("www.customer.org");

describe("planWorkloadEdge with TLS off", () => {
  it("serves every hostname over HTTP on the chart's listener and adds no listener or certificate", () => {
    const p = plan(OFF);
    const ms = p.clusters[0]?.manifests ?? [];
    expect(ms.map((m) => `${m.kind}/${m.metadata.name}`)).toEqual(["Service/a-workload-ingress", "EndpointSlice/a-workload-ingress", "HTTPRoute/a-workload"]);
    expect(route(ms, "a-workload")?.spec.hostnames).toEqual(["a.apps.example.test", "shop.apps.example.test", "www.customer.org"]);
    expect(route(ms, "a-workload")?.spec.parentRefs.map((r) => r.sectionName)).toEqual(["http"]);
    expect(ms.every((m) => m.metadata.labels["kubebyon.io/component"] === "workload-edge" && m.metadata.labels["kubebyon.io/cluster-id"] === "cl_a")).toBe(true);
    expect(p.listenersPatch.spec.listeners).toEqual([]);
    expect(p.clusters[0]?.hostnames.map((h) => [h.hostname, h.bindingId, h.tls.kind])).toEqual([
      ["a.apps.example.test", null, "off"],
      ["shop.apps.example.test", "hb_1", "off"],
      ["www.customer.org", "hb_2", "off"],
    ]);
  });

  it("splits a cluster's hostnames into routes of at most 16 with stable names", () => {
    const bindings = Array.from({ length: 40 }, (_, i) => ({ id: `hb_${i}`, hostname: `h${String(i).padStart(2, "0")}.apps.example.test`, scope: "platform_managed" as const }));
    const rs = routes(plan(OFF, [cluster({ bindings })]).clusters[0]?.manifests ?? []);
    expect(rs.map((r) => [r.metadata.name, r.spec.hostnames.length])).toEqual([["a-workload", 16], ["a-workload-2", 16], ["a-workload-3", 9]]);
    expect(new Set(rs.flatMap((r) => r.spec.hostnames)).size).toBe(41);
  });

  it("has a route but no EndpointSlice while there is no backend, and keeps the decision for the caller", () => {
    const none: WorkloadBackendDecision = { mode: "none", reason: "no Ready controller pod" };
    const c = plan(OFF, [cluster({ backend: none })]).clusters[0];
    expect(c?.manifests.map((m) => m.kind)).toEqual(["Service", "HTTPRoute"]);
    expect(c?.backend).toBe(none);
  });
});

describe("planWorkloadEdge with TLS on", () => {
  it("puts the CNAME target and platform-managed bindings in one shared certificate; self-managed stay HTTP without selfManaged", () => {
    const p = plan(ON);
    const ms = p.clusters[0]?.manifests ?? [];
    expect(certificates(ms).map((c) => [c.metadata.name, c.metadata.namespace, c.spec.dnsNames, c.spec.issuerRef.name])).toEqual([
      [SHARED, "kubebyon-system", ["a.apps.example.test", "shop.apps.example.test"], "letsencrypt"],
    ]);
    expect(p.listenersPatch.spec.listeners.map((l) => [l.name, l.hostname, l.tls.certificateRefs[0]?.name])).toEqual([
      [httpsListenerName("a.apps.example.test"), "a.apps.example.test", `${SHARED}-tls`],
      [httpsListenerName("shop.apps.example.test"), "shop.apps.example.test", `${SHARED}-tls`],
    ]);
    // Not issued yet: everything still over plain HTTP, the HTTPS route waits on its listeners, no redirect.
    expect(route(ms, "a-workload")?.spec.hostnames).toEqual(["a.apps.example.test", "shop.apps.example.test", "www.customer.org"]);
    expect(route(ms, "a-workload-https")?.spec.parentRefs.map((r) => r.sectionName)).toEqual([httpsListenerName("a.apps.example.test"), httpsListenerName("shop.apps.example.test")]);
    expect(route(ms, "a-workload-redirect")).toBeUndefined();
    expect(p.clusters[0]?.hostnames.find((h) => h.bindingId === "hb_2")?.tls).toEqual({ kind: "http-only", reason: SELF_MANAGED_HTTP_ONLY });
  });

  it("redirects only the hostnames whose certificate is Ready, and never leaves an HTTP route without hostnames", () => {
    const ms = plan(ON, [cluster({ bindings: [{ id: "hb_1", hostname: "shop.apps.example.test", scope: "platform_managed" }] })], { [SHARED]: true }).clusters[0]?.manifests ?? [];
    const redirect = route(ms, "a-workload-redirect");
    expect(redirect?.spec.hostnames).toEqual(["a.apps.example.test", "shop.apps.example.test"]);
    expect(redirect?.spec.rules).toEqual([{ filters: [{ type: "RequestRedirect", requestRedirect: { scheme: "https", statusCode: 301 } }] }]);
    expect(route(ms, "a-workload")).toBeUndefined();
  });

  it("does not redirect a hostname just added to a Ready certificate until it is re-issued with it", () => {
    const p = plan(ON, [cluster({ bindings: [{ id: "hb_1", hostname: "shop.apps.example.test", scope: "platform_managed" }] })], { [SHARED]: true }, ["a.apps.example.test"]);
    const ms = p.clusters[0]?.manifests ?? [];
    expect(route(ms, "a-workload-redirect")?.spec.hostnames).toEqual(["a.apps.example.test"]);
    expect(route(ms, "a-workload")?.spec.hostnames).toEqual(["shop.apps.example.test"]);
    expect(p.clusters[0]?.hostnames.find((h) => h.bindingId === "hb_1")?.tls).toMatchObject({ kind: "pending", message: "being re-issued to add this name" });
  });

  it("gives each self-managed hostname a dedicated certificate (override issuer) and a route rewriting Host to the CNAME target", () => {
    const override = { kind: "Issuer", name: "customer-dns01" } as const;
    const p = plan({ ...ON, selfManaged: { enabled: true, issuerOverride: override } }, [cluster()], { [SHARED]: true });
    const ms = p.clusters[0]?.manifests ?? [];
    expect(certificates(ms).find((c) => c.metadata.name === DEDICATED)?.spec).toMatchObject({ dnsNames: ["www.customer.org"], issuerRef: { kind: "Issuer", name: "customer-dns01" } });
    const dedicated = routes(ms).find((r) => r.spec.hostnames.includes("www.customer.org") && r.spec.parentRefs[0]?.sectionName !== "http");
    expect(dedicated?.spec.parentRefs.map((r) => r.sectionName)).toEqual([httpsListenerName("www.customer.org")]);
    expect(dedicated?.spec.rules[0]?.filters).toEqual([{ type: "URLRewrite", urlRewrite: { hostname: "a.apps.example.test" } }]);
    // The shared certificate is Ready, the dedicated one not: only its hostname still has plain HTTP.
    expect(route(ms, "a-workload")?.spec.hostnames).toEqual(["www.customer.org"]);
    expect(route(ms, "a-workload-https")?.spec.hostnames).toEqual(["a.apps.example.test", "shop.apps.example.test"]);

    const defaultIssuer = plan({ ...ON, selfManaged: { enabled: true, issuerOverride: undefined } });
    expect(certificates(defaultIssuer.clusters[0]?.manifests ?? []).find((c) => c.metadata.name === DEDICATED)?.spec.issuerRef).toEqual({ group: "cert-manager.io", ...ISSUER });
  });

  it("keeps hostnames beyond the Gateway's 64 listeners on HTTP, reported, with no dedicated certificate for them", () => {
    const many = (id: string, n: number, scope: "platform_managed" | "self_managed") =>
      Array.from({ length: n }, (_, i) => ({ id: `${id}${i}`, hostname: `${id}${String(i).padStart(2, "0")}.example.test`, scope }));
    const a = cluster({ bindings: many("p", 60, "platform_managed") });
    const b = cluster({ id: "cl_b", release: "b", namespace: "kb-b", cnameTarget: "b.apps.example.test", bindings: many("s", 4, "self_managed") });
    const p = plan({ ...ON, selfManaged: { enabled: true, issuerOverride: undefined } }, [a, b]);
    expect(p.listenersPatch.spec.listeners).toHaveLength(63);
    const bPlan = p.clusters[1];
    expect(bPlan?.hostnames.map((h) => h.tls.kind)).toEqual(["pending", "pending", "http-only", "http-only", "http-only"]);
    expect(certificates(bPlan?.manifests ?? []).map((c) => c.spec.dnsNames[0])).toEqual(["b.apps.example.test", "s00.example.test"]);
    expect(route(bPlan?.manifests ?? [], "b-workload")?.spec.hostnames).toHaveLength(5);
  });

  it("serves a hostname two clusters claim over HTTPS for the older cluster only", () => {
    const a = cluster();
    const b = cluster({ id: "cl_b", release: "b", namespace: "kb-b", cnameTarget: "b.apps.example.test", bindings: [{ id: "hb_9", hostname: "shop.apps.example.test", scope: "platform_managed" }] });
    const p = plan(ON, [a, b]);
    expect(p.clusters[1]?.hostnames.find((h) => h.bindingId === "hb_9")?.tls).toEqual({ kind: "http-only", reason: "it is served over HTTPS for cluster cl_a, which has it longer" });
    expect(p.listenersPatch.spec.listeners).toHaveLength(3);
  });
});
