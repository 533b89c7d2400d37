import { describe, expect, it } from "vitest";
import {
  choosePublicAccessForCreate,
  choosePublicAccessForUpdate,
  effectivePublicAccessMode,
  fieldsToClearOnModeChange,
  isValidControlPlaneHost,
  resolveEndpoint,
  serviceTypeFor,
  splitHostPort,
  validatePublicAccess,
  type PublicAccessMode,
} from "./public-access";


// Plan §5.13 "必测场景 1": create with enabled+nodeport, enabled+loadbalancer, disabled.
describe("creating a cluster (plan §5.3, §5.13-1)", () => {
  it.each([
    { name: "enabled + nodeport", req: { enabled: true, mode: "nodeport" }, host: "203.0.113.10", def: "loadbalancer", want: { enabled: true, mode: "nodeport" }, effective: "nodeport", service: "NodePort", error: null },
    { name: "enabled + loadbalancer", req: { enabled: true, mode: "loadbalancer" }, host: "k8s.example.com", def: "nodeport", want: { enabled: true, mode: "loadbalancer" }, effective: "loadbalancer", service: "LoadBalancer", error: null },
    { name: "enabled + loadbalancer without host", req: { mode: "loadbalancer" }, host: "", def: "nodeport", want: { enabled: true, mode: "loadbalancer" }, effective: "loadbalancer", service: "LoadBalancer", error: /control_plane_host is required/ },
    { name: "disabled", req: { enabled: false }, host: "", def: "loadbalancer", want: { enabled: false, mode: "loadbalancer" }, effective: "off", service: "ClusterIP", error: null },
    { name: "mode off", req: { mode: "off" }, host: "", def: "nodeport", want: { enabled: false, mode: "nodeport" }, effective: "off", service: "ClusterIP", error: null },
    { name: "nothing given -> system default nodeport", req: {}, host: "203.0.113.10", def: "nodeport", want: { enabled: true, mode: "nodeport" }, effective: "nodeport", service: "NodePort", error: null },
    { name: "nothing given -> system default loadbalancer", req: {}, host: "", def: "loadbalancer", want: { enabled: true, mode: "loadbalancer" }, effective: "loadbalancer", service: "LoadBalancer", error: /control_plane_host is required/ },
    { name: "nothing given -> system default off", req: {}, host: "", def: "off", want: { enabled: false, mode: "nodeport" }, effective: "off", service: "ClusterIP", error: null },
    { name: "mode chosen over a default of off", req: { mode: "loadbalancer" }, host: "k8s.example.com", def: "off", want: { enabled: true, mode: "loadbalancer" }, effective: "loadbalancer", service: "LoadBalancer", error: null },
    { name: "enabled over a default of off", req: { enabled: true }, host: "203.0.113.10", def: "off", want: { enabled: true, mode: "nodeport" }, effective: "nodeport", service: "NodePort", error: null },
  ] as const)("$name", ({ req, host, def, want, effective, service, error }) => {
    const setting = choosePublicAccessForCreate(req, def);
    expect(setting).toEqual(want);
    const mode = effectivePublicAccessMode(setting);
    expect(mode).toBe(effective);
    expect(serviceTypeFor(mode, "servicelb")).toBe(service);
    const message = validatePublicAccess({ ...setting, controlPlaneHost: host, provider: "servicelb" });
    if (error) expect(message).toMatch(error);
    else expect(message).toBeNull();
  });
});

// Plan §5.13 "必测场景 2 + 4": switching modes and not leaving stale metadata behind.
describe("updating a cluster (plan §5.4, §5.13-2/4)", () => {
  it.each([
    { name: "nodeport -> loadbalancer", current: { enabled: true, mode: "nodeport" }, req: { mode: "loadbalancer" }, to: "loadbalancer", clear: ["public_access_port", "api_endpoint"] },
    { name: "loadbalancer -> nodeport", current: { enabled: true, mode: "loadbalancer" }, req: { mode: "nodeport" }, to: "nodeport", clear: ["api_endpoint"] },
    { name: "public off -> on (keeps stored mode)", current: { enabled: false, mode: "loadbalancer" }, req: { enabled: true }, to: "loadbalancer", clear: ["public_access_port", "api_endpoint"] },
    { name: "public off -> on by choosing a mode", current: { enabled: false, mode: "nodeport" }, req: { mode: "nodeport" }, to: "nodeport", clear: ["api_endpoint"] },
    { name: "nodeport -> off", current: { enabled: true, mode: "nodeport" }, req: { enabled: false }, to: "off", clear: ["public_access_port", "api_endpoint", "kubeconfig_available"] },
    { name: "loadbalancer -> off via mode", current: { enabled: true, mode: "loadbalancer" }, req: { mode: "off" }, to: "off", clear: ["public_access_port", "api_endpoint", "kubeconfig_available"] },
    { name: "unchanged", current: { enabled: true, mode: "nodeport" }, req: {}, to: "nodeport", clear: [] },
    { name: "legacy row (mode null) -> loadbalancer", current: { enabled: true, mode: null }, req: { mode: "loadbalancer" }, to: "loadbalancer", clear: ["public_access_port", "api_endpoint"] },
  ] as const)("$name", ({ current, req, to, clear }) => {
    const from = effectivePublicAccessMode(current);
    const next = choosePublicAccessForUpdate(current, req);
    expect(effectivePublicAccessMode(next)).toBe(to);
    expect(fieldsToClearOnModeChange(from, to)).toEqual(clear);
  });

  it("remembers the mode while public access is off", () => {
    const off = choosePublicAccessForUpdate({ enabled: true, mode: "loadbalancer" }, { mode: "off" });
    expect(off).toEqual({ enabled: false, mode: "loadbalancer" });
    expect(choosePublicAccessForUpdate(off, { enabled: true })).toEqual({ enabled: true, mode: "loadbalancer" });
  });

  it("never clears anything when the effective mode is the same, and never keeps the port outside nodeport", () => {
    const modes: PublicAccessMode[] = ["nodeport", "loadbalancer", "off"];
    for (const from of modes) {
      for (const to of modes) {
        const fields = fieldsToClearOnModeChange(from, to);
        if (from === to) expect(fields).toEqual([]);
        else expect(fields).toContain("api_endpoint");
        if (from !== to && to !== "nodeport") expect(fields).toContain("public_access_port");
        expect(fields.includes("kubeconfig_available")).toBe(from !== to && to === "off");
      }
    }
  });
});

// Plan §5.13 "必测场景 5": rows from before the column existed.
describe("legacy rows", () => {
  it.each([
    [{ enabled: true, mode: null }, "nodeport"],
    [{ enabled: true, mode: undefined }, "nodeport"],
    [{ enabled: true, mode: "" }, "nodeport"],
    [{ enabled: false, mode: null }, "off"],
  ] as const)("%j reads as %s", (row, expected) => {
    expect(effectivePublicAccessMode(row)).toBe(expected);
  });
});

// Plan §5.7 and §5.13-3: control_plane_host first, load-balancer ingress as fallback.
describe("resolveEndpoint", () => {
  it.each([
    { name: "nodeport uses host and NodePort", input: { mode: "nodeport", controlPlaneHost: "203.0.113.10", nodePort: 31443 }, want: { kind: "ready", url: "https://203.0.113.10:31443", public: true, publicAccessPort: 31443 } },
    { name: "nodeport ignores a port inside control_plane_host", input: { mode: "nodeport", controlPlaneHost: "203.0.113.10:6443", nodePort: 31443 }, want: { kind: "ready", url: "https://203.0.113.10:31443", public: true, publicAccessPort: 31443 } },
    { name: "nodeport waits for a NodePort", input: { mode: "nodeport", controlPlaneHost: "203.0.113.10", nodePort: null }, want: { kind: "pending" } },
    { name: "nodeport needs a host", input: { mode: "nodeport", controlPlaneHost: "", nodePort: 31443 }, want: { kind: "pending" } },
    { name: "loadbalancer prefers control_plane_host", input: { mode: "loadbalancer", controlPlaneHost: "k8s.example.com", nodePort: 31443, loadBalancerIngress: [{ ip: "192.0.2.50" }] }, want: { kind: "ready", url: "https://k8s.example.com:443", public: true, publicAccessPort: null } },
    { name: "loadbalancer keeps an explicit host port", input: { mode: "loadbalancer", controlPlaneHost: "k8s.example.com:6443" }, want: { kind: "ready", url: "https://k8s.example.com:6443", public: true, publicAccessPort: null } },
    { name: "loadbalancer falls back to the ingress IP", input: { mode: "loadbalancer", controlPlaneHost: null, nodePort: 31443, loadBalancerIngress: [{ ip: "192.0.2.50" }] }, want: { kind: "ready", url: "https://192.0.2.50:443", public: true, publicAccessPort: null } },
    { name: "loadbalancer falls back to the ingress hostname", input: { mode: "loadbalancer", controlPlaneHost: "", loadBalancerIngress: [{ hostname: "abc.elb.example.net" }] }, want: { kind: "ready", url: "https://abc.elb.example.net:443", public: true, publicAccessPort: null } },
    { name: "loadbalancer waits for an address", input: { mode: "loadbalancer", controlPlaneHost: "", loadBalancerIngress: [] }, want: { kind: "pending" } },
    { name: "off has no public address", input: { mode: "off", controlPlaneHost: "203.0.113.10", nodePort: 31443 }, want: { kind: "off" } },
    { name: "nodeport without host uses the derived node address", input: { mode: "nodeport", controlPlaneHost: "", nodePort: 31443, nodePortHost: { address: "198.51.100.7" } }, want: { kind: "ready", url: "https://198.51.100.7:31443", public: true, publicAccessPort: 31443 } },
    { name: "control_plane_host wins over the derived node address", input: { mode: "nodeport", controlPlaneHost: "203.0.113.10", nodePort: 31443, nodePortHost: { address: "198.51.100.7" } }, want: { kind: "ready", url: "https://203.0.113.10:31443" } },
    { name: "nodeport without host or node address says what to set", input: { mode: "nodeport", controlPlaneHost: "", nodePort: 31443, nodePortHost: { missing: "no Ready host Node has an address" } }, want: { kind: "pending", reason: expect.stringContaining("nodeport_host_address") } },
    { name: "IPv6 host gets brackets", input: { mode: "loadbalancer", controlPlaneHost: "2001:db8::1" }, want: { kind: "ready", url: "https://[2001:db8::1]:443", public: true, publicAccessPort: null } },
  ] as const)("$name", ({ input, want }) => {
    const resolved = resolveEndpoint({ nodePort: null, loadBalancerIngress: null, ...input });
    expect(resolved).toMatchObject(want);
    if (resolved.kind === "pending") expect(resolved.reason.length).toBeGreaterThan(10);
  });
});

describe("control_plane_host format", () => {
  it.each([
    ["k8s.example.com", true],
    ["203.0.113.10", true],
    ["203.0.113.10:6443", true],
    ["[2001:db8::1]:443", true],
    ["2001:db8::1", true],
    ["https://k8s.example.com", false],
    ["k8s.example.com/path", false],
    ["300.1.1.1", false],
    ["host:99999", false],
    ["host:abc", false],
    ["-bad.example.com", false],
  ])("%s -> %s", (value, ok) => {
    expect(isValidControlPlaneHost(value)).toBe(ok);
    const message = validatePublicAccess({ enabled: true, mode: "nodeport", controlPlaneHost: value, provider: "servicelb" });
    if (ok) expect(message).toBeNull();
    else expect(message).toMatch(/control_plane_host must be a host name or IP address/);
  });

  it("splits host and port", () => {
    expect(splitHostPort("a.b:80")).toEqual({ host: "a.b", port: 80 });
    expect(splitHostPort("[::1]")).toEqual({ host: "::1", port: undefined });
  });
});

// Issue 12: the provider decides how loadbalancer is served and what a loadbalancer host may be.
describe("public access provider", () => {
  it.each([
    { mode: "loadbalancer", provider: "servicelb", service: "LoadBalancer" },
    { mode: "loadbalancer", provider: "haproxy", service: "NodePort" },
    { mode: "loadbalancer", provider: "gatewayapi", service: "ClusterIP" },
    { mode: "nodeport", provider: "haproxy", service: "NodePort" },
    { mode: "nodeport", provider: "gatewayapi", service: "NodePort" },
    { mode: "off", provider: "haproxy", service: "ClusterIP" },
  ] as const)("$mode with $provider -> Service $service", ({ mode, provider, service }) => {
    expect(serviceTypeFor(mode, provider)).toBe(service);
  });

  it.each([
    { host: "k8s.example.com", provider: "haproxy", error: null },
    { host: "k8s.example.com:443", provider: "gatewayapi", error: null },
    { host: "203.0.113.10", provider: "haproxy", error: /must be a DNS name .*served by haproxy.*SNI/ },
    { host: "[2001:db8::1]", provider: "gatewayapi", error: /must be a DNS name/ },
    { host: "k8s.example.com:6443", provider: "haproxy", error: /may not carry port 6443.*e\.g\. k8s\.example\.com/ },
    { host: "203.0.113.10", provider: "servicelb", error: null },
    { host: "k8s.example.com:6443", provider: "servicelb", error: null },
  ] as const)("loadbalancer host $host with $provider", ({ host, provider, error }) => {
    const message = validatePublicAccess({ enabled: true, mode: "loadbalancer", controlPlaneHost: host, provider });
    if (error) expect(message).toMatch(error);
    else expect(message).toBeNull();
  });

  it("an IP host stays valid for nodeport whatever the provider", () => {
    expect(validatePublicAccess({ enabled: true, mode: "nodeport", controlPlaneHost: "203.0.113.10", provider: "haproxy" })).toBeNull();
  });
});
