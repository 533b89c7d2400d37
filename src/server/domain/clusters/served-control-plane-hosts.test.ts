import { describe, expect, it } from "vitest";
import { previousHostExpired, servedControlPlaneHosts, servedNameChange, type ServedNameBefore } from "./served-control-plane-hosts";

const now = new Date("2026-12-01T12:00:00Z");
const later = new Date("2026-12-02T12:00:00Z");
const earlier = new Date("2026-11-30T12:00:00Z");

describe("servedControlPlaneHosts", () => {
  it("is the current host, plus the previous one while its grace lasts, host only and once each", () => {
    expect(servedControlPlaneHosts({ currentHost: "b.example.test:6443", previousHost: "a.example.test", previousUntil: later }, now)).toEqual(["b.example.test", "a.example.test"]);
    expect(servedControlPlaneHosts({ currentHost: "b.example.test", previousHost: "a.example.test", previousUntil: earlier }, now)).toEqual(["b.example.test"]);
    // The grace ends at `until` exactly: an expired name is not rendered even if not cleared yet.
    expect(servedControlPlaneHosts({ currentHost: "b.example.test", previousHost: "a.example.test", previousUntil: now }, now)).toEqual(["b.example.test"]);
    expect(servedControlPlaneHosts({ currentHost: "a.example.test", previousHost: "a.example.test:443", previousUntil: later }, now)).toEqual(["a.example.test"]);
    expect(servedControlPlaneHosts({ currentHost: null, previousHost: "203.0.113.10", previousUntil: later }, now)).toEqual(["203.0.113.10"]);
    expect(servedControlPlaneHosts({ currentHost: "  ", previousHost: null, previousUntil: null }, now)).toEqual([]);
  });

  it("previousHostExpired: only a set name whose until has passed", () => {
    expect(previousHostExpired({ previousHost: "a.example.test", previousUntil: earlier }, now)).toBe(true);
    expect(previousHostExpired({ previousHost: "a.example.test", previousUntil: later }, now)).toBe(false);
    expect(previousHostExpired({ previousHost: null, previousUntil: earlier }, now)).toBe(false);
  });
});

const before = (over: Partial<ServedNameBefore> = {}): ServedNameBefore => ({
  controlPlaneHost: "a.example.test",
  mode: "loadbalancer",
  apiEndpoint: "https://a.example.test:443",
  previousHost: null,
  previousUntil: null,
  ...over,
});
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe("servedNameChange", () => {
  it("a new control_plane_host keeps the old one for the grace", () => {
    expect(servedNameChange(before(), { controlPlaneHost: "b.example.test", mode: "loadbalancer" }, now, 72)).toEqual({
      changed: true,
      previousHost: "a.example.test",
      previousUntil: hours(72),
      changedAt: now,
    });
  });

  it("the same name (another port, another mode that keeps the host) is no change", () => {
    expect(servedNameChange(before(), { controlPlaneHost: "a.example.test:6443", mode: "loadbalancer" }, now, 72)).toEqual({ changed: false });
    expect(servedNameChange(before(), { controlPlaneHost: "a.example.test", mode: "nodeport" }, now, 72)).toEqual({ changed: false });
    // nodeport without a host on both sides: the derived address is the job's to pick, and the same as before.
    const derived = before({ controlPlaneHost: null, mode: "nodeport", apiEndpoint: "https://203.0.113.10:31443" });
    expect(servedNameChange(derived, { controlPlaneHost: null, mode: "nodeport" }, now, 72)).toEqual({ changed: false });
    expect(servedNameChange(before({ controlPlaneHost: null, mode: "off", apiEndpoint: null }), { controlPlaneHost: null, mode: "off" }, now, 72)).toEqual({ changed: false });
  });

  it("without control_plane_host the name before is the endpoint's host (derived nodeport address, load balancer)", () => {
    const derived = before({ controlPlaneHost: null, mode: "nodeport", apiEndpoint: "https://203.0.113.10:31443" });
    expect(servedNameChange(derived, { controlPlaneHost: "k8s.example.test", mode: "nodeport" }, now, 1)).toMatchObject({ changed: true, previousHost: "203.0.113.10", previousUntil: hours(1) });
    expect(servedNameChange(derived, { controlPlaneHost: null, mode: "loadbalancer" }, now, 1)).toMatchObject({ changed: true, previousHost: "203.0.113.10" });
    const v6 = before({ controlPlaneHost: null, mode: "nodeport", apiEndpoint: "https://[2001:db8::1]:31443" });
    expect(servedNameChange(v6, { controlPlaneHost: "k8s.example.test", mode: "nodeport" }, now, 1)).toMatchObject({ previousHost: "2001:db8::1" });
  });

  it("clearing the host or turning public access off is a change; the old name is kept", () => {
    expect(servedNameChange(before({ mode: "nodeport" }), { controlPlaneHost: null, mode: "nodeport" }, now, 72)).toMatchObject({ changed: true, previousHost: "a.example.test" });
    expect(servedNameChange(before({ controlPlaneHost: null }), { controlPlaneHost: null, mode: "off" }, now, 72)).toMatchObject({ changed: true, previousHost: "a.example.test" });
  });

  it("grace 0 keeps nothing; a second change during the grace replaces the previous name with the one it replaces", () => {
    expect(servedNameChange(before(), { controlPlaneHost: "b.example.test", mode: "loadbalancer" }, now, 0)).toEqual({ changed: true, previousHost: null, previousUntil: null, changedAt: now });
    const inGrace = before({ controlPlaneHost: "b.example.test", apiEndpoint: "https://b.example.test:443", previousHost: "a.example.test", previousUntil: later });
    expect(servedNameChange(inGrace, { controlPlaneHost: "c.example.test", mode: "loadbalancer" }, now, 72)).toEqual({ changed: true, previousHost: "b.example.test", previousUntil: hours(72), changedAt: now });
    // Back to the previous name: the one being replaced (b) is now the previous one.
    expect(servedNameChange(inGrace, { controlPlaneHost: "a.example.test", mode: "loadbalancer" }, now, 72)).toMatchObject({ previousHost: "b.example.test" });
  });

  it("a change from no name at all keeps the previous name still in grace", () => {
    const none = before({ controlPlaneHost: null, mode: "off", apiEndpoint: null, previousHost: "a.example.test", previousUntil: later });
    expect(servedNameChange(none, { controlPlaneHost: "b.example.test", mode: "off" }, now, 72)).toEqual({ changed: true, previousHost: "a.example.test", previousUntil: later, changedAt: now });
  });
});
