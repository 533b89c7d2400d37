import { CoreV1Api, type V1Secret } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { formatRfc3339, TOKEN_ID_PATTERN } from "@/server/domain/join-tokens/bootstrap-token";
import { TokenIssuerError, type TokenIssuerFailure } from "@/server/domain/join-tokens/token-issuer-error";
import type { CreateBootstrapTokenRequest, IssuedBootstrapToken, TokenIssuer } from "@/server/services/join-tokens/token-issuer";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, decodeSecretValue, KubeApiError, kubeStatusOf } from "./kube-calls";

const NAMESPACE = "kube-system";
const SECRET_TYPE = "bootstrap.kubernetes.io/token";
const MANAGED_BY = { key: "app.kubernetes.io/managed-by", value: "kubebyon" } as const;
/** The group kubeadm-style node bootstrap RBAC is bound to. */
export const NODE_BOOTSTRAP_GROUP = "system:bootstrappers:kubeadm:default-node-token";
/**
 * The labels `vcluster token create` puts on its token Secrets (vCluster 0.33, pkg/constants):
 * `vcluster token list` selects on them and the vCluster's own join path may too, so our worker
 * tokens must look like the ones vCluster issues itself.
 */
export const VCLUSTER_WORKER_TOKEN_LABELS = {
  "vcluster.loft.sh/token": "true",
  "vcluster.loft.sh/token-node-type": "worker",
} as const;

export interface BootstrapTokenIssuerOptions {
  /** Per request; a vCluster that does not answer must not hang a console request. Default 10 s. */
  timeoutMs?: number;
}

function failureReason(failure: KubeApiError): TokenIssuerFailure {
  if (failure.status === undefined) return "unreachable";
  if (failure.refusedCredentials) return "rejected";
  return failure.status === 409 ? "conflict" : "failed";
}

function translate(err: unknown, action: string, server: string): TokenIssuerError {
  const failure = KubeApiError.from(err, `${action} at ${server}`);
  return new TokenIssuerError(failureReason(failure), failure.message, { cause: failure });
}

/** TokenIssuer that writes bootstrap-token Secrets into the vCluster's kube-system, as kubeadm does. */
export class BootstrapTokenIssuer implements TokenIssuer {
  /** Named in the start-up lines (spec walkthrough step 8: `token_issuer=…`). */
  static readonly implementation = "client-node-bootstrap-token";
  private readonly timeoutMs: number;

  constructor(opts: BootstrapTokenIssuerOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  private call() {
    return callOptions({ timeoutMs: this.timeoutMs });
  }

  private core(credentials: ClusterCredentials): CoreV1Api {
    return kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
  }

  async create(req: CreateBootstrapTokenRequest): Promise<void> {
    const { token } = req;
    const body: V1Secret = {
      metadata: {
        name: `bootstrap-token-${token.id}`,
        namespace: NAMESPACE,
        // managed-by tells our tokens apart from ones an operator made with `vcluster token create`.
        labels: { ...VCLUSTER_WORKER_TOKEN_LABELS, [MANAGED_BY.key]: MANAGED_BY.value },
      },
      type: SECRET_TYPE,
      stringData: {
        "token-id": token.id,
        "token-secret": token.secret,
        expiration: formatRfc3339(req.expiresAt),
        "usage-bootstrap-authentication": "true",
        "usage-bootstrap-signing": "true",
        "auth-extra-groups": NODE_BOOTSTRAP_GROUP,
        description: req.description,
      },
    };
    try {
      await this.core(req.credentials).createNamespacedSecret({ namespace: NAMESPACE, body }, this.call());
    } catch (err) {
      throw translate(err, `creating bootstrap token ${token.id}`, req.credentials.server);
    }
  }

  async revoke(req: { credentials: ClusterCredentials; tokenId: string }): Promise<void> {
    // The id becomes part of a resource name; refuse anything that is not one.
    if (!TOKEN_ID_PATTERN.test(req.tokenId)) throw new Error(`"${req.tokenId}" is not a bootstrap token id`);
    try {
      await this.core(req.credentials).deleteNamespacedSecret(
        { name: `bootstrap-token-${req.tokenId}`, namespace: NAMESPACE },
        this.call(),
      );
    } catch (err) {
      if (kubeStatusOf(err) === 404) return;
      throw translate(err, `revoking bootstrap token ${req.tokenId}`, req.credentials.server);
    }
  }

  async list(req: { credentials: ClusterCredentials }): Promise<IssuedBootstrapToken[]> {
    let secrets: V1Secret[];
    try {
      const result = await this.core(req.credentials).listNamespacedSecret(
        { namespace: NAMESPACE, labelSelector: `${MANAGED_BY.key}=${MANAGED_BY.value}`, fieldSelector: `type=${SECRET_TYPE}` },
        this.call(),
      );
      secrets = result.items;
    } catch (err) {
      throw translate(err, "listing bootstrap tokens", req.credentials.server);
    }
    return secrets.flatMap((secret) => {
      const tokenId = decodeSecretValue(secret, "token-id");
      if (!tokenId) return [];
      const expiration = decodeSecretValue(secret, "expiration");
      return [
        {
          tokenId,
          expiresAt: expiration ? new Date(expiration) : null,
          description: decodeSecretValue(secret, "description") ?? "",
          createdAt: secret.metadata?.creationTimestamp ? new Date(secret.metadata.creationTimestamp) : null,
        },
      ];
    });
  }
}
