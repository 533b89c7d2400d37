import { AuthenticationV1Api, type KubeConfig, type RbacV1Subject } from "@kubernetes/client-node";
import { AppError } from "@/server/domain/errors";
import { KubeApiError } from "./kube-calls";

const RBAC_GROUP = "rbac.authorization.k8s.io";
// apiserver's serviceaccount.MakeUsername: system:serviceaccount:<namespace>:<name>.
const SERVICE_ACCOUNT_USER = /^system:serviceaccount:(?<namespace>[^:]+):(?<name>[^:]+)$/;

/**
 * The RBAC subject for an authenticated username: a ServiceAccount for `system:serviceaccount:<ns>:<name>`,
 * else a User of that name (a client certificate's CN, an OIDC user…). Groups are never bound: the
 * platform grants rights to itself alone, not to everyone sharing one of its groups.
 */
export function subjectForUsername(username: string): RbacV1Subject {
  const sa = SERVICE_ACCOUNT_USER.exec(username)?.groups;
  if (sa?.namespace && sa.name) return { kind: "ServiceAccount", namespace: sa.namespace, name: sa.name };
  return { kind: "User", apiGroup: RBAC_GROUP, name: username };
}

/**
 * Who the platform is on the host cluster, asked once per process with a SelfSubjectReview
 * (authentication.k8s.io/v1, Kubernetes ≥ 1.28): the identity does not change while the process
 * runs. A failed review is not cached, so the next caller asks again.
 */
export class PlatformIdentity {
  private readonly authn: AuthenticationV1Api;
  private pending: Promise<RbacV1Subject> | undefined;

  constructor(kubeConfig: KubeConfig) {
    this.authn = kubeConfig.makeApiClient(AuthenticationV1Api);
  }

  subject(): Promise<RbacV1Subject> {
    this.pending ??= this.review().catch((err: unknown) => {
      this.pending = undefined;
      throw err;
    });
    return this.pending;
  }

  private async review(): Promise<RbacV1Subject> {
    let username: string | undefined;
    try {
      const review = await this.authn.createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
      username = review.status?.userInfo?.username;
    } catch (err) {
      throw KubeApiError.from(err, "asking the host apiserver who the platform is (SelfSubjectReview, authentication.k8s.io/v1, Kubernetes 1.28 or newer)");
    }
    if (!username) throw new AppError("PRECONDITION_FAILED", "the host apiserver's SelfSubjectReview named no user, so the platform cannot bind KUBEBYON_TENANT_CLUSTER_ROLE to itself");
    return subjectForUsername(username);
  }
}
