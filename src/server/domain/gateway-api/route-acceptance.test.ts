import { describe, expect, it } from "vitest";
import { judgeListener, judgeRoute, worstVerdict, type GatewayStatusView, type RouteStatusView } from "./route-acceptance";

// Literal statuses shaped as a Gateway API v1 controller writes them (Envoy Gateway's controllerName as the example).
const OURS = { namespace: "kubebyon-system", name: "kubebyon-workload", sectionName: "http" };
const T = "2026-12-06T04:00:00Z";
const cond = (type: string, status: string, reason: string, message = "", observedGeneration = 1) => ({ type, status, reason, message, observedGeneration, lastTransitionTime: T });
const parentRef = { group: "gateway.networking.k8s.io", kind: "Gateway", namespace: "kubebyon-system", name: "kubebyon-workload", sectionName: "http" };
const route = (parents: RouteStatusView["parents"], generation = 1): RouteStatusView => ({ kind: "HTTPRoute", namespace: "cl-a", name: "wea-workload", generation, parents });
const acceptedEntry = (over: { accepted?: string; resolved?: string; gen?: number } = {}) => ({
  parentRef,
  controllerName: "gateway.envoyproxy.io/gatewayclass-controller",
  conditions: [
    cond("Accepted", over.accepted ?? "True", over.accepted === "False" ? "NotAllowedByListeners" : "Accepted", over.accepted === "False" ? "No listeners included by this parent ref allowed this attachment." : "Route is accepted", over.gen),
    cond("ResolvedRefs", over.resolved ?? "True", over.resolved === "False" ? "BackendNotFound" : "ResolvedRefs", over.resolved === "False" ? "Service cl-a/wea-workload-ingress not found" : "Resolved all the Object references for the Route", over.gen),
  ],
});
const gateway = (conditions: ReturnType<typeof cond>[] | undefined, generation = 1): GatewayStatusView => ({
  namespace: "kubebyon-system",
  name: "kubebyon-workload",
  gatewayClassName: "eg",
  generation,
  listeners: conditions ? [{ name: "http", conditions }] : [],
});
const programmed = gateway([cond("Programmed", "True", "Programmed", "Sending translated listener configuration to the data plane"), cond("Accepted", "True", "Accepted", "Listener has been successfully translated"), cond("ResolvedRefs", "True", "ResolvedRefs", "Listener references have been resolved")]);

describe("judgeRoute", () => {
  it("is ready only when the route is Accepted and ResolvedRefs for our parent and the listener is Programmed", () => {
    expect(judgeRoute(route([acceptedEntry()]), OURS, programmed)).toEqual({
      status: "ready",
      message: "HTTPRoute cl-a/wea-workload is accepted and listener http of Gateway kubebyon-system/kubebyon-workload is programmed.",
    });
  });

  it("is pending, saying how to look, when no controller wrote status.parents", () => {
    expect(judgeRoute(route([]), OURS, programmed)).toEqual({
      status: "pending",
      message:
        "No Gateway controller has accepted HTTPRoute cl-a/wea-workload on listener http yet (status.parents is empty); check that a controller for GatewayClass eg runs: kubectl -n cl-a get httproute wea-workload -o yaml",
    });
  });

  it("ignores status entries of other parents (another Gateway, another listener)", () => {
    const other = { ...acceptedEntry(), parentRef: { ...parentRef, name: "someone-else" } };
    const otherListener = { ...acceptedEntry(), parentRef: { ...parentRef, sectionName: "https-1234" } };
    const v = judgeRoute(route([other, otherListener]), OURS, programmed);
    expect(v.status).toBe("pending");
    expect(v.message).toContain("status.parents has no entry for our Gateway");
  });

  it("defaults a status parentRef's group, kind and namespace as the API does", () => {
    const bare = { ...acceptedEntry(), parentRef: { name: "kubebyon-workload", namespace: "kubebyon-system", sectionName: "http" } };
    expect(judgeRoute(route([bare]), OURS, programmed).status).toBe("ready");
    const sameNs = { ...acceptedEntry(), parentRef: { name: "kubebyon-workload", sectionName: "http" } };
    expect(judgeRoute({ ...route([sameNs]), namespace: "kubebyon-system" }, OURS, programmed).status).toBe("ready");
    expect(judgeRoute(route([sameNs]), OURS, programmed).status).toBe("pending");
  });

  it("is an error with the controller's reason when Accepted=False", () => {
    expect(judgeRoute(route([acceptedEntry({ accepted: "False" })]), OURS, programmed)).toEqual({
      status: "error",
      message:
        "The Gateway controller did not accept HTTPRoute cl-a/wea-workload (Accepted=False, NotAllowedByListeners: No listeners included by this parent ref allowed this attachment.): kubectl -n cl-a get httproute wea-workload -o yaml",
    });
  });

  it("is an error with the controller's reason when ResolvedRefs=False", () => {
    const v = judgeRoute(route([acceptedEntry({ resolved: "False" })]), OURS, programmed);
    expect(v.status).toBe("error");
    expect(v.message).toContain("(ResolvedRefs=False, BackendNotFound: Service cl-a/wea-workload-ingress not found)");
  });

  it("is pending while ResolvedRefs is missing", () => {
    const entry = { ...acceptedEntry(), conditions: [cond("Accepted", "True", "Accepted")] };
    expect(judgeRoute(route([entry]), OURS, programmed).status).toBe("pending");
  });

  it("does not count conditions written for an older generation of the route", () => {
    const v = judgeRoute(route([acceptedEntry({ gen: 1 })], 2), OURS, programmed);
    expect(v.status).toBe("pending");
    expect(v.message).toContain("predates the route's current spec");
    // Nor an old rejection: the controller has not looked at the new spec yet.
    expect(judgeRoute(route([acceptedEntry({ accepted: "False", gen: 1 })], 2), OURS, programmed).status).toBe("pending");
    expect(judgeRoute(route([acceptedEntry({ gen: 3 })], 3), OURS, programmed).status).toBe("ready");
  });

  it("is an error when the Gateway does not exist", () => {
    expect(judgeRoute(route([acceptedEntry()]), OURS, null)).toMatchObject({ status: "error", message: expect.stringContaining("Gateway kubebyon-system/kubebyon-workload does not exist") as string });
  });

  it("follows the listener: an accepted route on an unprogrammed listener is not ready", () => {
    const v = judgeRoute(route([acceptedEntry()]), OURS, gateway(undefined));
    expect(v).toEqual({
      status: "pending",
      message:
        "HTTPRoute cl-a/wea-workload is accepted, but no controller reports listener http of Gateway kubebyon-system/kubebyon-workload as Programmed yet (GatewayClass eg): kubectl -n kubebyon-system get gateway kubebyon-workload -o yaml (status.listeners)",
    });
  });
});

describe("judgeListener", () => {
  it("is pending when the listener has conditions but no Programmed", () => {
    expect(judgeListener(gateway([cond("Accepted", "True", "Accepted")]), "http", "x").status).toBe("pending");
  });

  it("is an error when Programmed=False, with the reason", () => {
    const v = judgeListener(gateway([cond("Programmed", "False", "Invalid", "Listener is invalid, see other Conditions for details.")]), "http", "x");
    expect(v).toMatchObject({ status: "error", message: expect.stringContaining("(Programmed=False, Invalid: Listener is invalid, see other Conditions for details.)") as string });
  });

  it("names ResolvedRefs=False (a missing certificate Secret) before Programmed", () => {
    const v = judgeListener(
      gateway([cond("Programmed", "False", "Invalid", "Listener is invalid"), cond("ResolvedRefs", "False", "InvalidCertificateRef", "Secret kubebyon-system/kubebyon-workload-abc-tls does not exist.")]),
      "http",
      "x",
    );
    expect(v.message).toContain("ResolvedRefs=False, InvalidCertificateRef: Secret kubebyon-system/kubebyon-workload-abc-tls does not exist.");
  });

  it("does not count a Programmed written for an older generation of the Gateway", () => {
    expect(judgeListener(gateway([cond("Programmed", "True", "Programmed", "", 4)], 5), "http", "x").status).toBe("pending");
  });
});

describe("worstVerdict", () => {
  it("lets an error outrank a pending, and a pending a ready; null for none", () => {
    const ready = { status: "ready" as const, message: "r" };
    const pending = { status: "pending" as const, message: "p" };
    const error = { status: "error" as const, message: "e" };
    expect(worstVerdict([ready, pending, error, pending])).toBe(error);
    expect(worstVerdict([ready, pending])).toBe(pending);
    expect(worstVerdict([])).toBeNull();
  });
});

describe("judgeRoute without a listener name (a TLSRoute on every listener that admits it)", () => {
  const anyParent = { namespace: "kubebyon-system", name: "kubebyon-workload" };
  const entry = { ...acceptedEntry(), parentRef: { group: "gateway.networking.k8s.io", kind: "Gateway", namespace: "kubebyon-system", name: "kubebyon-workload" } };
  it("is ready when one listener is Programmed, pending when none is", () => {
    const tls = { ...route([entry]), kind: "TLSRoute" };
    expect(judgeRoute(tls, anyParent, programmed).status).toBe("ready");
    const v = judgeRoute(tls, anyParent, gateway(undefined));
    expect(v.status).toBe("pending");
    expect(judgeRoute({ ...tls, parents: [] }, anyParent, programmed).message).toBe(
      "No Gateway controller has accepted TLSRoute cl-a/wea-workload on Gateway kubebyon-system/kubebyon-workload yet (status.parents is empty); check that a controller for GatewayClass eg runs: kubectl -n cl-a get tlsroute wea-workload -o yaml",
    );
  });
});
