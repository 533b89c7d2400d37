import { describe, expect, it } from "vitest";
import {
  buildCertificate,
  buildGatewayListenersPatch,
  dedicatedCertificateName,
  httpsListenerName,
  normalizeTlsHostname,
  sharedCertificateName,
  WorkloadTlsInputError,
} from "./tls-objects";

const ISSUER = { kind: "ClusterIssuer", name: "letsencrypt" } as const;
const cert = (name: string, hostnames: string[]) => buildCertificate({ name, namespace: "kubebyon-system", hostnames, issuer: ISSUER, labels: { a: "b" } });

describe("workload TLS names", () => {
  it("are stable, distinct and valid Kubernetes names", () => {
    expect(httpsListenerName("App.Example.com.")).toBe(httpsListenerName("app.example.com"));
    expect(httpsListenerName("a.example.com")).not.toBe(httpsListenerName("b.example.com"));
    expect(httpsListenerName("a.example.com")).toMatch(/^https-[0-9a-f]{16}$/);
    expect(sharedCertificateName("cl_1")).toMatch(/^kubebyon-workload-[0-9a-f]{16}$/);
    expect(sharedCertificateName("cl_1")).not.toBe(sharedCertificateName("cl_2"));
    expect(dedicatedCertificateName("x.example.org")).toMatch(/^kubebyon-workload-host-[0-9a-f]{16}$/);
  });

  it("refuse IPs and non-DNS names with a typed error", () => {
    for (const bad of ["", "203.0.113.7", "under_score.example.com", "-x.example.com"]) {
      expect(() => normalizeTlsHostname(bad)).toThrow(WorkloadTlsInputError);
    }
  });
});

describe("buildCertificate", () => {
  it("dedupes and sorts SANs, names the Secret after the Certificate, uses the issuer", () => {
    const c = cert("kubebyon-workload-x", ["b.example.com", "A.example.com", "b.example.com."]);
    expect(c.spec).toEqual({
      secretName: "kubebyon-workload-x-tls",
      dnsNames: ["a.example.com", "b.example.com"],
      issuerRef: { group: "cert-manager.io", kind: "ClusterIssuer", name: "letsencrypt" },
    });
  });

  it("refuses no names, more than 100 names and an issuer without a name", () => {
    expect(() => cert("c", [])).toThrow(WorkloadTlsInputError);
    expect(() => cert("c", Array.from({ length: 101 }, (_, i) => `h${i}.example.com`))).toThrow(/100/);
    expect(() => buildCertificate({ name: "c", namespace: "n", hostnames: ["a.example.com"], issuer: { kind: "Issuer", name: " " }, labels: {} })).toThrow(
      /KUBEBYON_WORKLOAD_TLS_ISSUER_NAME/,
    );
  });
});

describe("buildGatewayListenersPatch", () => {
  const gateway = { name: "kubebyon-workload", namespace: "kubebyon-system" };

  it("holds only the platform's HTTPS listeners, one per hostname, pointing at the certificate's Secret", () => {
    const { patch, overflow } = buildGatewayListenersPatch({ gateway, certificates: [cert("s1", ["a.example.com", "b.example.com"])] });
    expect(overflow).toEqual([]);
    expect(patch.metadata).toEqual(gateway);
    expect(patch.spec.listeners.map((l) => l.hostname)).toEqual(["a.example.com", "b.example.com"]);
    expect(patch.spec.listeners.some((l) => l.name === "http")).toBe(false);
    expect(patch.spec.listeners[0]).toMatchObject({ protocol: "HTTPS", port: 443, tls: { mode: "Terminate", certificateRefs: [{ kind: "Secret", name: "s1-tls" }] } });
  });

  it("leaves listeners beyond 64 (chart's http included) out and reports their hostnames", () => {
    const many = Array.from({ length: 70 }, (_, i) => cert(`c${i}`, [`h${i}.example.com`]));
    const { patch, overflow } = buildGatewayListenersPatch({ gateway, certificates: many });
    expect(patch.spec.listeners).toHaveLength(63);
    expect(overflow).toEqual(Array.from({ length: 7 }, (_, i) => `h${63 + i}.example.com`));
  });

  it("refuses a hostname in two certificates", () => {
    expect(() => buildGatewayListenersPatch({ gateway, certificates: [cert("a", ["x.example.com"]), cert("b", ["x.example.com"])] })).toThrow(WorkloadTlsInputError);
  });

  it("renders an empty list when there is nothing to serve (removes the platform's listeners)", () => {
    expect(buildGatewayListenersPatch({ gateway, certificates: [] }).patch.spec.listeners).toEqual([]);
  });
});
