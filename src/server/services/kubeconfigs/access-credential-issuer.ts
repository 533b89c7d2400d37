import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { KubeconfigAccess } from "@/server/domain/kubeconfigs/kubeconfig-credential";

export interface IssueAccessCredentialRequest {
  /** The platform's own connection to the vCluster (connectToCluster). */
  credentials: ClusterCredentials;
  serviceAccountName: string;
  credentialId: string;
  userId: string;
  access: KubeconfigAccess;
  ttlSeconds: number;
}

export interface IssuedAccessCredential {
  /** The TokenRequest token: handed to the user once, never stored or logged. */
  token: string;
  /** What the apiserver wrote into the token (status.expirationTimestamp). */
  expiresAt: Date;
}

/**
 * Port: a per-user identity inside a vCluster (a ServiceAccount bound to the access's role) and a token for it.
 * Implemented in src/server/infra/kube/service-account-access-issuer.ts.
 */
export interface AccessCredentialIssuer {
  /** Creates the ServiceAccount and its bindings, then requests a token; removes what it made when a step fails. */
  issue(req: IssueAccessCredentialRequest): Promise<IssuedAccessCredential>;
  /**
   * Deletes the bindings and the ServiceAccount: its tokens are allowed nothing from the next request on and refused
   * outright once the apiserver's 10 s token-authentication cache lapses. Nothing there is fine.
   */
  remove(req: { credentials: ClusterCredentials; serviceAccountName: string }): Promise<void>;
}
