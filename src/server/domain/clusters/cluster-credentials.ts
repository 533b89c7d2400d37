/**
 * How the platform reaches one Kubernetes API (the host cluster or a
 * vCluster): plain data, so services can pass it around without knowing
 * client-node. src/server/infra/kube turns it into a client.
 */
export interface ClusterCredentials {
  /** e.g. https://203.0.113.10:31443 — already rewritten from vCluster's https://localhost:8443. */
  server: string;
  /** PEM, not base64 of PEM. */
  caPem?: string;
  clientCertPem?: string;
  clientKeyPem?: string;
  /** Bearer token (service account or bootstrap token). */
  token?: string;
  /** Only for tests and explicitly configured hosts; never the default. */
  insecureSkipTlsVerify?: boolean;
  /** TLS server name when `server` is an IP the certificate does not list. */
  tlsServerName?: string;
}
