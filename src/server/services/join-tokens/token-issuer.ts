import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { BootstrapToken } from "@/server/domain/join-tokens/bootstrap-token";

/** A bootstrap token the platform issued, as read back from the cluster (never the secret). */
export interface IssuedBootstrapToken {
  tokenId: string;
  /** null when the Secret has no `expiration` (never the case for ours). */
  expiresAt: Date | null;
  description: string;
  createdAt: Date | null;
}

export interface CreateBootstrapTokenRequest {
  credentials: ClusterCredentials;
  token: BootstrapToken;
  /** Written as the Secret's `expiration`; the apiserver refuses the token afterwards. */
  expiresAt: Date;
  description: string;
}

/**
 * Issues Kubernetes bootstrap tokens inside a cluster (a vCluster). Failures
 * are TokenIssuerError (domain/join-tokens/token-issuer-error) with a message
 * fit for the user.
 */
export interface TokenIssuer {
  create(req: CreateBootstrapTokenRequest): Promise<void>;
  /** Succeeds when the token is already gone. */
  revoke(req: { credentials: ClusterCredentials; tokenId: string }): Promise<void>;
  /** Only tokens this platform issued. */
  list(req: { credentials: ClusterCredentials }): Promise<IssuedBootstrapToken[]>;
}
