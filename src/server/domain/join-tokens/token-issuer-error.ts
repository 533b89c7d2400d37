import { AppError, type AppErrorCode } from "@/server/domain/errors";

/**
 * Why a join-token operation inside a cluster failed. `message` is for the
 * user (what to do next, no stack, no addresses of internal services);
 * `detail` is for logs.
 */
export type TokenIssuerFailure = "unreachable" | "rejected" | "conflict" | "failed";

const MESSAGES: Record<TokenIssuerFailure, { code: AppErrorCode; message: string }> = {
  unreachable: {
    code: "PRECONDITION_FAILED",
    message: "The cluster's control plane is not reachable right now. Check that the cluster is running (status ready) and try again in a minute.",
  },
  rejected: {
    code: "PRECONDITION_FAILED",
    message: "The cluster's control plane refused the platform's credentials. An administrator should check the cluster's kubeconfig Secret.",
  },
  conflict: {
    code: "CONFLICT",
    message: "A join token with the same id already exists in this cluster. Request a new token.",
  },
  failed: {
    code: "PRECONDITION_FAILED",
    message: "The cluster's control plane could not complete the join-token request. Try again later.",
  },
};

export class TokenIssuerError extends AppError {
  readonly reason: TokenIssuerFailure;
  readonly detail: string;

  constructor(reason: TokenIssuerFailure, detail: string, opts: { cause?: unknown } = {}) {
    super(MESSAGES[reason].code, MESSAGES[reason].message, opts);
    this.name = "TokenIssuerError";
    this.reason = reason;
    this.detail = detail;
  }
}
