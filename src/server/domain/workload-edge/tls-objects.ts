import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { AppError } from "@/server/domain/errors";

/**
 * Pure builders for the workload edge's TLS objects (issue 13, managed-workload-ingress §1.5/§2.4):
 * the HTTPS listeners the platform adds to the shared workload Gateway by server-side apply, and the
 * cert-manager Certificates whose Secrets those listeners terminate TLS with.
 *
 * A Gateway listener has ONE hostname, so a Certificate with several SANs (the per-cluster shared
 * one) gets one listener per SAN, all referring to the same Secret. Gateway v1 caps spec.listeners
 * at 64 (maxItems) and keys them by name (list-type map), so SSA merges the platform's entries with
 * the chart's `http` listener by name and leaves helm's entry alone.
 */
export const WORKLOAD_TLS_FIELD_MANAGER = "kubebyon-workload-edge";
export const GATEWAY_MAX_LISTENERS = 64;
const DNS_NAME = /^(\*\.)?([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)*[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export class WorkloadTlsInputError extends AppError {
  constructor(message: string) {
    super("BAD_REQUEST", message);
    this.name = "WorkloadTlsInputError";
  }
}

export interface IssuerRef {
  kind: "Issuer" | "ClusterIssuer";
  name: string;
}

/** 16 hex of sha256: stable object-name suffixes for hostnames and cluster ids. */
export const shortHash = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 16);

/** A lower-case DNS name without a trailing dot; refuses IPs and anything a listener hostname cannot be. */
export function normalizeTlsHostname(raw: string): string {
  const host = raw.trim().toLowerCase().replace(/\.$/, "");
  if (host === "" || host.length > 253 || isIP(host) !== 0 || !DNS_NAME.test(host)) {
    throw new WorkloadTlsInputError(`${JSON.stringify(raw)} is not a DNS name a certificate and a Gateway listener can carry: use a hostname such as app.example.com`);
  }
  return host;
}

/** Stable listener name for a hostname: `https-<16 hex of sha256(hostname)>` (a valid SectionName). */
export const httpsListenerName = (hostname: string) => `https-${shortHash(normalizeTlsHostname(hostname))}`;

/** The shared Certificate of one cluster (CNAME target + platform-managed bindings), named by cluster id hash. */
export const sharedCertificateName = (clusterId: string) => `kubebyon-workload-${shortHash(`cluster:${clusterId}`)}`;
/** The dedicated Certificate of one self-managed hostname binding. */
export const dedicatedCertificateName = (hostname: string) => `kubebyon-workload-host-${shortHash(`host:${normalizeTlsHostname(hostname)}`)}`;
export const certificateSecretName = (certificateName: string) => `${certificateName}-tls`;

export interface CertificateManifest {
  apiVersion: "cert-manager.io/v1";
  kind: "Certificate";
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: { secretName: string; dnsNames: string[]; issuerRef: { group: "cert-manager.io"; kind: IssuerRef["kind"]; name: string } };
}

/** cert-manager/ACME issuers refuse more than 100 SANs per certificate (Let's Encrypt's limit). */
export const MAX_CERTIFICATE_SANS = 100;

export function buildCertificate(input: {
  name: string;
  namespace: string;
  hostnames: readonly string[];
  issuer: IssuerRef;
  labels: Record<string, string>;
}): CertificateManifest {
  const dnsNames = [...new Set(input.hostnames.map(normalizeTlsHostname))].sort();
  if (dnsNames.length === 0) throw new WorkloadTlsInputError(`certificate ${input.name} would have no hostname`);
  if (dnsNames.length > MAX_CERTIFICATE_SANS) {
    throw new WorkloadTlsInputError(`certificate ${input.name} would carry ${dnsNames.length} names, more than the ${MAX_CERTIFICATE_SANS} an ACME issuer signs: remove hostname bindings`);
  }
  if (input.issuer.name.trim() === "") throw new WorkloadTlsInputError("the certificate issuer has no name: set KUBEBYON_WORKLOAD_TLS_ISSUER_NAME");
  return {
    apiVersion: "cert-manager.io/v1",
    kind: "Certificate",
    metadata: { name: input.name, namespace: input.namespace, labels: { ...input.labels } },
    spec: {
      secretName: certificateSecretName(input.name),
      dnsNames,
      issuerRef: { group: "cert-manager.io", kind: input.issuer.kind, name: input.issuer.name },
    },
  };
}

export interface HttpsListener {
  name: string;
  protocol: "HTTPS";
  port: 443;
  hostname: string;
  tls: { mode: "Terminate"; certificateRefs: Array<{ group: ""; kind: "Secret"; name: string }> };
  allowedRoutes: { namespaces: { from: "All" }; kinds: Array<{ group: "gateway.networking.k8s.io"; kind: "HTTPRoute" }> };
}

export interface GatewayListenersPatch {
  apiVersion: "gateway.networking.k8s.io/v1";
  kind: "Gateway";
  metadata: { name: string; namespace: string };
  spec: { listeners: HttpsListener[] };
}

/**
 * The SSA body holding ONLY the platform's listeners, one per hostname of every certificate, in the
 * caller's order (oldest first, so a new hostname never displaces a served one). `chartListeners`
 * is how many listeners the chart keeps (its `http`); listeners beyond 64 in all are left out and
 * their hostnames returned in `overflow` for the caller to report (the apiserver would refuse the
 * whole Gateway otherwise). An empty list removes every platform listener.
 */
export function buildGatewayListenersPatch(input: {
  gateway: { name: string; namespace: string };
  certificates: ReadonlyArray<Pick<CertificateManifest, "spec">>;
  chartListeners?: number;
}): { patch: GatewayListenersPatch; overflow: string[] } {
  const room = GATEWAY_MAX_LISTENERS - (input.chartListeners ?? 1);
  const listeners: HttpsListener[] = [];
  const overflow: string[] = [];
  const seen = new Set<string>();
  for (const cert of input.certificates) {
    for (const raw of cert.spec.dnsNames) {
      const hostname = normalizeTlsHostname(raw);
      if (seen.has(hostname)) throw new WorkloadTlsInputError(`${hostname} is in two certificates; a Gateway serves each hostname from one listener`);
      seen.add(hostname);
      if (listeners.length >= room) {
        overflow.push(hostname);
        continue;
      }
      listeners.push({
        name: httpsListenerName(hostname),
        protocol: "HTTPS",
        port: 443,
        hostname,
        tls: { mode: "Terminate", certificateRefs: [{ group: "", kind: "Secret", name: cert.spec.secretName }] },
        // Routes live in each cluster's host namespace, as the chart's http listener allows.
        allowedRoutes: { namespaces: { from: "All" }, kinds: [{ group: "gateway.networking.k8s.io", kind: "HTTPRoute" }] },
      });
    }
  }
  return {
    patch: { apiVersion: "gateway.networking.k8s.io/v1", kind: "Gateway", metadata: { ...input.gateway }, spec: { listeners } },
    overflow,
  };
}
