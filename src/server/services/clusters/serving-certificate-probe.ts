import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";

/** What one TLS handshake found: the name is covered, or why not (with the names the certificate carries, when it was read). */
export type ServingCertificateCheck = { ok: true } | { ok: false; reason: string; servedNames: string[] | null };

/**
 * Port: one real TLS handshake with a control plane over the platform's own route
 * (`credentials.server`), presenting `name` (SNI, unless it is an IP) and verifying the
 * served certificate against the cluster CA (`credentials.caPem`) and `name` (host name or
 * IP SAN). Never throws. Implemented in src/server/infra/kube/tls-serving-certificate-probe.ts.
 */
export interface ServingCertificateProbe {
  check(credentials: ClusterCredentials, name: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<ServingCertificateCheck>;
}
