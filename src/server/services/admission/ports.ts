import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { AdmissionUsage } from "@/server/domain/admission/evaluate-admission";

/**
 * Reads what runs in a vCluster for the policy's limits. Implemented in
 * src/server/infra/kube/admission-usage-reader.ts. Both reads must answer within `timeoutMs` or throw.
 */
export interface AdmissionUsageReader {
  read(credentials: ClusterCredentials, what: { nodes: boolean; pods: boolean }, limits: { timeoutMs: number }): Promise<AdmissionUsage>;
}

/** PEM key pair of a certificate. */
export interface IssuedCertificate {
  certificatePem: string;
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * Makes the admission CA and the serving certificates it signs (ECDSA P-256). Implemented in
 * src/server/infra/crypto/x509-certificate-minter.ts (no openssl subprocess).
 */
export interface CertificateMinter {
  createAuthority(input: { commonName: string; notBefore: Date; notAfter: Date }): Promise<IssuedCertificate>;
  /** `hosts`: DNS names and IP addresses the certificate must cover (subjectAltName). */
  issueServingCertificate(input: {
    authority: { certificatePem: string; privateKeyPem: string };
    hosts: string[];
    notBefore: Date;
    notAfter: Date;
  }): Promise<IssuedCertificate>;
}

/**
 * Authenticated encryption of small secrets kept in the database (the CA's private key). Implemented in
 * src/server/infra/crypto/secret-box.ts; `open` throws when the text was altered or sealed under another key.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}
