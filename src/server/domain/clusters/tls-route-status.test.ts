import { describe, expect, it } from "vitest";
import { readTlsRouteStatus } from "./tls-route-status";

const gateway = { name: "edge", namespace: "kubebyon-system", sectionName: "tls" };
const parentRef = { group: "gateway.networking.k8s.io", kind: "Gateway", name: "edge", namespace: "kubebyon-system", sectionName: "tls" };
const cond = (type: string, status: string, extra: Record<string, unknown> = {}) => ({ type, status, reason: type, message: "", observedGeneration: 2, ...extra });
const read = (status: unknown, generation = 2) => readTlsRouteStatus({ status, generation, routeNamespace: "kb-cl-1", gateway });

describe("readTlsRouteStatus", () => {
  it.each([[undefined], [{}], [{ parents: [] }], [{ parents: "garbage" }]])("no report for the Gateway (%j) reads as not reported, naming what to check", (status) => {
    const report = read(status);
    expect(report.kind).toBe("not_reported");
    expect(report.message).toMatch(/no controller has reported.*Gateway kubebyon-system\/edge/);
  });

  it("ignores entries for other Gateways", () => {
    const other = { parentRef: { ...parentRef, name: "someone-else" }, controllerName: "x.io/gw", conditions: [cond("Accepted", "True")] };
    expect(read({ parents: [other] }).kind).toBe("not_reported");
  });

  it("accepted when Accepted and ResolvedRefs are True for the current generation", () => {
    const report = read({ parents: [{ parentRef, controllerName: "x.io/gw", conditions: [cond("Accepted", "True"), cond("ResolvedRefs", "True")] }] });
    expect(report).toMatchObject({
      kind: "accepted",
      parent: { controllerName: "x.io/gw", gateway, accepted: { status: "True", current: true }, resolvedRefs: { status: "True", current: true } },
    });
  });

  it("a parentRef without namespace means the route's namespace", () => {
    const local = { name: "edge", namespace: "kb-cl-1" };
    const report = readTlsRouteStatus({
      status: { parents: [{ parentRef: { name: "edge" }, conditions: [cond("Accepted", "True"), cond("ResolvedRefs", "True")] }] },
      generation: 2,
      routeNamespace: "kb-cl-1",
      gateway: local,
    });
    expect(report).toMatchObject({ kind: "accepted", parent: { gateway: local } });
  });

  it("rejected with the controller's reason and message when Accepted is False", () => {
    const report = read({ parents: [{ parentRef, conditions: [cond("Accepted", "False", { reason: "NotAllowedByListeners", message: "listener tls allows no TLSRoute" })] }] });
    expect(report.kind).toBe("rejected");
    expect(report.message).toBe("Gateway kubebyon-system/edge (listener tls) did not accept the route (NotAllowedByListeners: listener tls allows no TLSRoute)");
  });

  it("rejected when the backend does not resolve", () => {
    const report = read({ parents: [{ parentRef, conditions: [cond("Accepted", "True"), cond("ResolvedRefs", "False", { reason: "BackendNotFound", message: "" })] }] });
    expect(report).toMatchObject({ kind: "rejected", parent: { resolvedRefs: { status: "False", reason: "BackendNotFound" } } });
    expect(report.message).toMatch(/cannot resolve the route's backend Service \(BackendNotFound\)/);
  });

  it("pending when a report is about an older generation, even a False one", () => {
    const report = read({ parents: [{ parentRef, conditions: [cond("Accepted", "False", { observedGeneration: 1 }), cond("ResolvedRefs", "True")] }] }, 2);
    expect(report.kind).toBe("pending");
    expect(report.message).toMatch(/Accepted is reported for an older version of the route/);
  });

  it("pending when a condition is missing or Unknown", () => {
    expect(read({ parents: [{ parentRef, conditions: [cond("Accepted", "True")] }] }).message).toMatch(/ResolvedRefs is not reported yet/);
    expect(read({ parents: [{ parentRef, conditions: [cond("Accepted", "Unknown", { reason: "Pending" }), cond("ResolvedRefs", "True")] }] }).message).toMatch(
      /Accepted is Unknown \(Pending\)/,
    );
  });

  it("without a generation (or observedGeneration) takes the report as current", () => {
    const status = { parents: [{ parentRef, conditions: [cond("Accepted", "True", { observedGeneration: undefined }), cond("ResolvedRefs", "True")] }] };
    expect(readTlsRouteStatus({ status, routeNamespace: "kb-cl-1", gateway }).kind).toBe("accepted");
  });
});
