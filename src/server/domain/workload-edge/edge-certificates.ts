import {
  buildCertificate,
  dedicatedCertificateName,
  MAX_CERTIFICATE_SANS,
  normalizeTlsHostname,
  sharedCertificateName,
  type CertificateManifest,
  type IssuerRef,
} from "./tls-objects";

/**
 * Which Certificate covers which hostname (managed-workload-ingress §1.5): per cluster one shared
 * Certificate for its CNAME target and platform_managed bindings (default issuer), and with
 * self-managed TLS on a dedicated Certificate per self_managed binding (override issuer, else the
 * default). All live in the Gateway's namespace: a listener refers to Secrets of its own namespace only
 * (no ReferenceGrant needed). The cluster labels carry kubebyon.io/cluster-id, so they are removed with it.
 */

export interface WorkloadTlsSettings {
  enabled: boolean;
  issuer: IssuerRef;
  selfManaged: { enabled: boolean; issuerOverride: IssuerRef | undefined };
}

/** How a hostname is offered over HTTPS; `ready` is decided later from the Certificate's condition. */
export type HostnameTls =
  | { kind: "off" }
  | { kind: "http-only"; reason: string }
  | { kind: "pending"; certificate: string; dedicated: boolean; message: string }
  | { kind: "ready"; certificate: string; dedicated: boolean };

export interface ClusterCertificates {
  certificates: Array<{ manifest: CertificateManifest; dedicated: boolean }>;
  /** By normalised hostname; a hostname not here is served over plain HTTP only with TLS off. */
  tls: Map<string, HostnameTls>;
}

export const SELF_MANAGED_HTTP_ONLY =
  "self-managed hostnames are served over HTTP only: set KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED=true (with an issuer that can validate this domain) for a dedicated certificate";
const NOT_ISSUED = "not issued yet";

interface ClusterTlsInput {
  id: string;
  cnameTarget: string;
  bindings: ReadonlyArray<{ hostname: string; scope: "platform_managed" | "self_managed" }>;
  /** Cluster labels with the component label. */
  labels: Record<string, string>;
}

/** Clusters oldest first: a hostname two clusters claim (a stale row) is served over HTTPS for the older one only. */
export function assignCertificates(input: { clusters: readonly ClusterTlsInput[]; gatewayNamespace: string; tls: WorkloadTlsSettings }): ClusterCertificates[] {
  const claimed = new Map<string, string>();
  return input.clusters.map((cluster) => {
    const out: ClusterCertificates = { certificates: [], tls: new Map() };
    if (!input.tls.enabled) return out;
    const valid = (raw: string): string | null => {
      let host: string;
      try {
        host = normalizeTlsHostname(raw);
      } catch (err) {
        out.tls.set(raw.toLowerCase().replace(/\.$/, ""), { kind: "http-only", reason: err instanceof Error ? err.message : String(err) });
        return null;
      }
      if (out.tls.has(host)) return null;
      const holder = claimed.get(host);
      if (holder && holder !== cluster.id) {
        out.tls.set(host, { kind: "http-only", reason: `it is served over HTTPS for cluster ${holder}, which has it longer` });
        return null;
      }
      claimed.set(host, cluster.id);
      return host;
    };

    const shared: string[] = [];
    for (const raw of [cluster.cnameTarget, ...cluster.bindings.filter((b) => b.scope === "platform_managed").map((b) => b.hostname)]) {
      const host = valid(raw);
      if (!host) continue;
      if (shared.length < MAX_CERTIFICATE_SANS) shared.push(host);
      else out.tls.set(host, { kind: "http-only", reason: `the cluster's certificate already carries the ${MAX_CERTIFICATE_SANS} names an ACME issuer signs` });
    }
    if (shared.length > 0) {
      const name = sharedCertificateName(cluster.id);
      const manifest = buildCertificate({ name, namespace: input.gatewayNamespace, hostnames: shared, issuer: input.tls.issuer, labels: cluster.labels });
      out.certificates.push({ manifest, dedicated: false });
      for (const host of shared) out.tls.set(host, { kind: "pending", certificate: name, dedicated: false, message: NOT_ISSUED });
    }

    for (const binding of cluster.bindings.filter((b) => b.scope === "self_managed")) {
      if (!input.tls.selfManaged.enabled) {
        out.tls.set(binding.hostname.toLowerCase().replace(/\.$/, ""), { kind: "http-only", reason: SELF_MANAGED_HTTP_ONLY });
        continue;
      }
      const host = valid(binding.hostname);
      if (!host) continue;
      const name = dedicatedCertificateName(host);
      const issuer = input.tls.selfManaged.issuerOverride ?? input.tls.issuer;
      out.certificates.push({ manifest: buildCertificate({ name, namespace: input.gatewayNamespace, hostnames: [host], issuer, labels: cluster.labels }), dedicated: true });
      out.tls.set(host, { kind: "pending", certificate: name, dedicated: true, message: NOT_ISSUED });
    }
    return out;
  });
}
