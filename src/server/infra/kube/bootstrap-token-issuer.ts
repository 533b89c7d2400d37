import { ApiException, CoreV1Api, Observable, type ConfigurationOptions, type ObservableMiddleware, type V1Secret } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { formatRfc3339, TOKEN_ID_PATTERN } from "@/server/domain/join-tokens/bootstrap-token";
import { TokenIssuerError } from "@/server/domain/join-tokens/token-issuer-error";
import type { CreateBootstrapTokenRequest, IssuedBootstrapToken, TokenIssuer } from "@/server/services/join-tokens/token-issuer";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { transportFailure } from "./node-kube-calls";

const NAMESPACE = "kube-system";
const SECRET_TYPE = "bootstrap.kubernetes.io/token";
const MANAGED_BY = { key: "app.kubernetes.io/managed-by", value: "kubebyon" } as const;
/** The group kubeadm-style node bootstrap RBAC is bound to. */
export const NODE_BOOTSTRAP_GROUP = "system:bootstrappers:kubeadm:default-node-token";

export interface BootstrapTokenIssuerOptions {
  /** Per request; a vCluster that does not answer must not hang a console request. Default 10 s. */
  timeoutMs?: number;
}

// client-node only takes an AbortSignal through request middleware.
function timeoutOptions(timeoutMs: number): ConfigurationOptions<ObservableMiddleware> {
  const middleware: ObservableMiddleware = {
    pre: (ctx) => {
      ctx.setSignal(AbortSignal.timeout(timeoutMs));
      return new Observable(Promise.resolve(ctx));
    },
    post: (ctx) => new Observable(Promise.resolve(ctx)),
  };
  return { middleware: [middleware], middlewareMergeStrategy: "append" };
}

function decode(secret: V1Secret, key: string): string | undefined {
  const value = secret.data?.[key];
  return value === undefined ? undefined : Buffer.from(value, "base64").toString("utf8");
}

function statusMessage(err: ApiException<unknown>): string {
  try {
    const body: unknown = typeof err.body === "string" ? JSON.parse(err.body) : err.body;
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === "string") return message;
  } catch {
    // not a Status object: fall through to the code alone
  }
  return "";
}

function translate(err: unknown, action: string, server: string): TokenIssuerError {
  if (err instanceof ApiException) {
    const detail = `${action} at ${server}: HTTP ${err.code} ${statusMessage(err)}`.trim();
    if (err.code === 401 || err.code === 403) return new TokenIssuerError("rejected", detail, { cause: err });
    if (err.code === 409) return new TokenIssuerError("conflict", detail, { cause: err });
    return new TokenIssuerError("failed", detail, { cause: err });
  }
  const e = transportFailure(err);
  const why = e.name === "AbortError" || e.name === "TimeoutError" ? "timed out" : (e.code ?? e.message ?? String(err));
  return new TokenIssuerError("unreachable", `${action} at ${server}: ${why}`, { cause: err });
}

/** TokenIssuer that writes bootstrap-token Secrets into the vCluster's kube-system, as kubeadm does. */
export class BootstrapTokenIssuer implements TokenIssuer {
  private readonly timeoutMs: number;

  constructor(opts: BootstrapTokenIssuerOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
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
        labels: { [MANAGED_BY.key]: MANAGED_BY.value },
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
      await this.core(req.credentials).createNamespacedSecret({ namespace: NAMESPACE, body }, timeoutOptions(this.timeoutMs));
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
        timeoutOptions(this.timeoutMs),
      );
    } catch (err) {
      if (err instanceof ApiException && err.code === 404) return;
      throw translate(err, `revoking bootstrap token ${req.tokenId}`, req.credentials.server);
    }
  }

  async list(req: { credentials: ClusterCredentials }): Promise<IssuedBootstrapToken[]> {
    let secrets: V1Secret[];
    try {
      const result = await this.core(req.credentials).listNamespacedSecret(
        { namespace: NAMESPACE, labelSelector: `${MANAGED_BY.key}=${MANAGED_BY.value}`, fieldSelector: `type=${SECRET_TYPE}` },
        timeoutOptions(this.timeoutMs),
      );
      secrets = result.items;
    } catch (err) {
      throw translate(err, "listing bootstrap tokens", req.credentials.server);
    }
    return secrets.flatMap((secret) => {
      const tokenId = decode(secret, "token-id");
      if (!tokenId) return [];
      const expiration = decode(secret, "expiration");
      return [
        {
          tokenId,
          expiresAt: expiration ? new Date(expiration) : null,
          description: decode(secret, "description") ?? "",
          createdAt: secret.metadata?.creationTimestamp ? new Date(secret.metadata.creationTimestamp) : null,
        },
      ];
    });
  }
}
