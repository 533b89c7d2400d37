import { TOKEN_ID_PATTERN } from "@/server/domain/join-tokens/bootstrap-token";

/**
 * A kubelet's bootstrap CertificateSigningRequest (docs/token-provenance.md): made with a bootstrap token, so
 * the apiserver records the maker as `system:bootstrap:<token-id>`, for the kubelet client signer, asking for
 * `CN=system:node:<node-name>, O=system:nodes`. It is what ties a join token to the node that used it.
 */
export interface BootstrapCsr {
  /** The CSR object's name (join_token_nodes.csr_name; unique per cluster). */
  name: string;
  tokenId: string;
  nodeName: string;
}

/** The signer a kubelet's client-certificate request names (kubelet TLS bootstrapping). */
export const KUBELET_CLIENT_SIGNER = "kubernetes.io/kube-apiserver-client-kubelet";

const BOOTSTRAP_USER_PREFIX = "system:bootstrap:";
const NODE_CN_PREFIX = "system:node:";

/** The token id of a `system:bootstrap:<id>` user (the apiserver sets it from the token); null for anyone else. */
export function bootstrapTokenIdOf(username: string | null | undefined): string | null {
  if (!username?.startsWith(BOOTSTRAP_USER_PREFIX)) return null;
  const id = username.slice(BOOTSTRAP_USER_PREFIX.length);
  return TOKEN_ID_PATTERN.test(id) ? id : null;
}

/** The node a `system:node:<name>` common name is for; null for any other common name. */
export function nodeNameOfCommonName(commonName: string | null | undefined): string | null {
  if (!commonName?.startsWith(NODE_CN_PREFIX)) return null;
  const name = commonName.slice(NODE_CN_PREFIX.length);
  return name.length > 0 ? name : null;
}
