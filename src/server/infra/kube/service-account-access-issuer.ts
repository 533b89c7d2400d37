import {
  CoreV1Api,
  PatchStrategy,
  RbacAuthorizationV1Api,
  setHeaderOptions,
  type KubeConfig,
  type V1ClusterRole,
  type V1Namespace,
} from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { KubeconfigAccess } from "@/server/domain/kubeconfigs/kubeconfig-credential";
import type { AccessCredentialIssuer, IssueAccessCredentialRequest, IssuedAccessCredential } from "@/server/services/kubeconfigs/access-credential-issuer";
import { clusterApiError } from "./cluster-api-error";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, kubeStatusOf } from "./kube-calls";

/** Where the per-user ServiceAccounts live inside each vCluster (docs/cluster-access.md). */
export const ACCESS_NAMESPACE = "kubebyon-access";
/** Read access to cluster-scoped kinds, which the built-in `view` role (namespaced only) leaves out. */
export const CLUSTER_VIEWER_ROLE = "kubebyon:cluster-viewer";
const RBAC_GROUP = "rbac.authorization.k8s.io";
const FIELD_MANAGER = "kubebyon";
const MANAGED_BY = { "app.kubernetes.io/managed-by": "kubebyon" } as const;
const SERVICE_ACCOUNT_LABEL = "kubebyon.io/service-account";
const READ = ["get", "list", "watch"];

const clusterViewerRole: V1ClusterRole = {
  apiVersion: `${RBAC_GROUP}/v1`,
  kind: "ClusterRole",
  metadata: { name: CLUSTER_VIEWER_ROLE, labels: { ...MANAGED_BY } },
  rules: [
    { apiGroups: [""], resources: ["nodes", "namespaces", "persistentvolumes", "componentstatuses"], verbs: READ },
    { apiGroups: ["storage.k8s.io"], resources: ["storageclasses", "csidrivers", "csinodes", "volumeattachments"], verbs: READ },
    { apiGroups: ["apiextensions.k8s.io"], resources: ["customresourcedefinitions"], verbs: READ },
    { apiGroups: ["apiregistration.k8s.io"], resources: ["apiservices"], verbs: READ },
    { apiGroups: ["networking.k8s.io"], resources: ["ingressclasses"], verbs: READ },
    { apiGroups: ["scheduling.k8s.io"], resources: ["priorityclasses"], verbs: READ },
    { apiGroups: ["node.k8s.io"], resources: ["runtimeclasses"], verbs: READ },
  ],
};

/** The ClusterRoles each access binds: the owner's is cluster-admin; view is namespaced reads (no Secrets) plus cluster-scoped reads. */
const ROLES: Record<KubeconfigAccess, Array<{ suffix: string; clusterRole: string }>> = {
  admin: [{ suffix: "", clusterRole: "cluster-admin" }],
  view: [
    { suffix: "-view", clusterRole: "view" },
    { suffix: "-cluster-viewer", clusterRole: CLUSTER_VIEWER_ROLE },
  ],
};

export interface ServiceAccountAccessIssuerOptions {
  /** Per request; a vCluster that does not answer must not hang a console request. Default 10 s. */
  timeoutMs?: number;
}

/**
 * AccessCredentialIssuer with a ServiceAccount per credential in namespace kubebyon-access, ClusterRoleBindings to
 * the access's roles and a TokenRequest token. The token is bound to the ServiceAccount's UID, so deleting the
 * ServiceAccount makes the apiserver refuse it (see remove for the timing).
 */
export class ServiceAccountAccessIssuer implements AccessCredentialIssuer {
  private readonly timeoutMs: number;

  constructor(opts: ServiceAccountAccessIssuerOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  async issue(req: IssueAccessCredentialRequest): Promise<IssuedAccessCredential> {
    const kc = kubeConfigFromCredentials(req.credentials);
    const server = req.credentials.server;
    await this.applyBase(kc, req.access, server);
    const labels = { ...MANAGED_BY, "kubebyon.io/user-id": req.userId, "kubebyon.io/credential-id": req.credentialId, [SERVICE_ACCOUNT_LABEL]: req.serviceAccountName };
    const core = kc.makeApiClient(CoreV1Api);
    try {
      await core.createNamespacedServiceAccount(
        { namespace: ACCESS_NAMESPACE, body: { metadata: { name: req.serviceAccountName, namespace: ACCESS_NAMESPACE, labels } } },
        this.call(),
      );
    } catch (err) {
      throw clusterApiError(`create ServiceAccount ${ACCESS_NAMESPACE}/${req.serviceAccountName}`, server, err);
    }
    try {
      const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
      for (const role of ROLES[req.access]) {
        await rbac.createClusterRoleBinding(
          {
            body: {
              metadata: { name: `${req.serviceAccountName}${role.suffix}`, labels },
              roleRef: { apiGroup: RBAC_GROUP, kind: "ClusterRole", name: role.clusterRole },
              subjects: [{ kind: "ServiceAccount", name: req.serviceAccountName, namespace: ACCESS_NAMESPACE }],
            },
          },
          this.call(),
        ).catch((err: unknown) => {
          throw clusterApiError(`bind ServiceAccount ${req.serviceAccountName} to ClusterRole ${role.clusterRole}`, server, err);
        });
      }
      const review = await core
        .createNamespacedServiceAccountToken(
          {
            name: req.serviceAccountName,
            namespace: ACCESS_NAMESPACE,
            body: { spec: { audiences: [], expirationSeconds: req.ttlSeconds } },
          },
          this.call(),
        )
        .catch((err: unknown) => {
          throw clusterApiError(`request a token for ServiceAccount ${req.serviceAccountName}`, server, err);
        });
      const token = review.status?.token;
      const expiresAt = review.status?.expirationTimestamp;
      if (!token || !expiresAt) throw clusterApiError(`request a token for ServiceAccount ${req.serviceAccountName}`, server, new Error("the TokenRequest answer has no token"));
      return { token, expiresAt: new Date(expiresAt) };
    } catch (err) {
      // Nothing half-made stays behind: no row will name this ServiceAccount.
      await this.remove({ credentials: req.credentials, serviceAccountName: req.serviceAccountName }).catch(() => undefined);
      throw err;
    }
  }

  async remove(req: { credentials: ClusterCredentials; serviceAccountName: string }): Promise<void> {
    const kc = kubeConfigFromCredentials(req.credentials);
    const server = req.credentials.server;
    // The bindings first: RBAC sees their deletion at once, so the token is allowed nothing from the next request
    // on. The apiserver keeps a successful token authentication for 10 s (--authentication-token-cache default),
    // so the deleted ServiceAccount's token is refused (401) once that lapses.
    try {
      await kc
        .makeApiClient(RbacAuthorizationV1Api)
        .deleteCollectionClusterRoleBinding({ labelSelector: `${SERVICE_ACCOUNT_LABEL}=${req.serviceAccountName}` }, this.call());
    } catch (err) {
      if (kubeStatusOf(err) !== 404) throw clusterApiError(`delete the ClusterRoleBindings of ServiceAccount ${req.serviceAccountName}`, server, err);
    }
    try {
      await kc.makeApiClient(CoreV1Api).deleteNamespacedServiceAccount({ name: req.serviceAccountName, namespace: ACCESS_NAMESPACE }, this.call());
    } catch (err) {
      if (kubeStatusOf(err) !== 404) throw clusterApiError(`delete ServiceAccount ${ACCESS_NAMESPACE}/${req.serviceAccountName}`, server, err);
    }
  }

  /** The namespace and (for view) the platform's cluster-viewer role, applied each time so a deleted one comes back. */
  private async applyBase(kc: KubeConfig, access: KubeconfigAccess, server: string): Promise<void> {
    const apply = setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply, this.call());
    const namespace: V1Namespace = { apiVersion: "v1", kind: "Namespace", metadata: { name: ACCESS_NAMESPACE, labels: { ...MANAGED_BY } } };
    try {
      await kc.makeApiClient(CoreV1Api).patchNamespace({ name: ACCESS_NAMESPACE, body: namespace, fieldManager: FIELD_MANAGER, force: true }, apply);
    } catch (err) {
      throw clusterApiError(`create namespace ${ACCESS_NAMESPACE}`, server, err);
    }
    if (access !== "view") return;
    try {
      await kc
        .makeApiClient(RbacAuthorizationV1Api)
        .patchClusterRole({ name: CLUSTER_VIEWER_ROLE, body: clusterViewerRole, fieldManager: FIELD_MANAGER, force: true }, apply);
    } catch (err) {
      throw clusterApiError(`apply ClusterRole ${CLUSTER_VIEWER_ROLE}`, server, err);
    }
  }

  private call() {
    return callOptions({ timeoutMs: this.timeoutMs });
  }
}

