import { PatchStrategy, RbacAuthorizationV1Api, setHeaderOptions, type KubeConfig, type RbacV1Subject } from "@kubernetes/client-node";
import { AppError } from "@/server/domain/errors";
import type { ClassifiedFailure } from "@/server/domain/jobs/failure-class";
import { TENANT_ROLE_BINDING_NAME } from "@/server/domain/platform-health/permissions";
import { KubeApiError, kubeStatusOf } from "./kube-calls";
import type { PlatformIdentity } from "./platform-identity";

const RBAC_GROUP = "rbac.authorization.k8s.io";
const FIELD_MANAGER = "kubebyon";
// The apiserver's words when a binding would grant what its creator neither holds nor may `bind`.
const ESCALATION_REFUSED = /attempting to grant RBAC permissions not currently held/;

/** Why the platform could not bind KUBEBYON_TENANT_CLUSTER_ROLE; each needs an operator, never a retry. */
export type TenantBindingFailure = "cluster_role_missing" | "cluster_role_unreadable" | "bind_refused" | "rolebinding_refused";

/** The platform cannot give itself its rights in a cluster namespace; the message names the grant to add. */
export class TenantRoleBindingError extends AppError implements ClassifiedFailure {
  readonly failureClass = "permanent";

  constructor(
    readonly failure: TenantBindingFailure,
    message: string,
    opts: { cause?: unknown } = {},
  ) {
    super("PRECONDITION_FAILED", message, opts);
    this.name = "TenantRoleBindingError";
  }
}

const describeSubject = (s: RbacV1Subject) => (s.kind === "ServiceAccount" ? `ServiceAccount ${s.namespace}/${s.name}` : `${s.kind} ${s.name}`);

/**
 * Binds ClusterRole KUBEBYON_TENANT_CLUSTER_ROLE to the platform's own identity in one cluster
 * namespace (RoleBinding kubebyon-platform), so the platform holds secrets, services, roles… rights
 * only in the namespaces it made, not in every namespace of the host. The cluster-wide grant this
 * needs is small: rolebindings create/patch, and `bind` + `get` on that one ClusterRole.
 */
export class TenantRoleBinder {
  private readonly rbac: RbacAuthorizationV1Api;

  constructor(private readonly deps: { kubeConfig: KubeConfig; clusterRole: string; identity: PlatformIdentity }) {
    this.rbac = deps.kubeConfig.makeApiClient(RbacAuthorizationV1Api);
  }

  async ensure(input: { namespace: string; labels: Record<string, string> }): Promise<void> {
    const subject = await this.deps.identity.subject();
    // Kubernetes accepts a binding to a ClusterRole that does not exist (it grants nothing until the
    // role appears), so without this check the failure would surface later as a puzzling 403.
    await this.assertClusterRoleExists(subject);
    try {
      await this.apply(input, subject);
    } catch (err) {
      // roleRef is immutable: after the setting names another ClusterRole, replace the binding.
      if (kubeStatusOf(err) !== 422 || !/roleRef/.test(KubeApiError.from(err).explanation)) throw this.refusal(err, input.namespace, subject);
      await this.deleteBinding(input.namespace);
      await this.apply(input, subject).catch((again: unknown) => {
        throw this.refusal(again, input.namespace, subject);
      });
    }
  }

  private async assertClusterRoleExists(subject: RbacV1Subject): Promise<void> {
    const role = this.deps.clusterRole;
    try {
      await this.rbac.readClusterRole({ name: role });
    } catch (err) {
      const status = kubeStatusOf(err);
      if (status === 404) {
        throw new TenantRoleBindingError(
          "cluster_role_missing",
          `ClusterRole ${role} (KUBEBYON_TENANT_CLUSTER_ROLE) does not exist: install it (the Helm chart creates it) or unset the setting`,
          { cause: err },
        );
      }
      if (status === 403) {
        throw new TenantRoleBindingError(
          "cluster_role_unreadable",
          `the platform may not read ClusterRole ${role} (KUBEBYON_TENANT_CLUSTER_ROLE): grant ${describeSubject(subject)} cluster-wide "get" and "bind" on clusterroles.rbac.authorization.k8s.io with resourceNames [${role}] (the Helm chart's platform ClusterRole does)`,
          { cause: err },
        );
      }
      throw KubeApiError.from(err, `reading ClusterRole ${role}`);
    }
  }

  private async apply(input: { namespace: string; labels: Record<string, string> }, subject: RbacV1Subject): Promise<void> {
    await this.rbac.patchNamespacedRoleBinding(
      {
        name: TENANT_ROLE_BINDING_NAME,
        namespace: input.namespace,
        body: {
          apiVersion: `${RBAC_GROUP}/v1`,
          kind: "RoleBinding",
          metadata: { name: TENANT_ROLE_BINDING_NAME, namespace: input.namespace, labels: input.labels },
          roleRef: { apiGroup: RBAC_GROUP, kind: "ClusterRole", name: this.deps.clusterRole },
          subjects: [subject],
        },
        fieldManager: FIELD_MANAGER,
        force: true,
      },
      setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply),
    );
  }

  private async deleteBinding(namespace: string): Promise<void> {
    try {
      await this.rbac.deleteNamespacedRoleBinding({ name: TENANT_ROLE_BINDING_NAME, namespace });
    } catch (err) {
      if (kubeStatusOf(err) !== 404) throw KubeApiError.from(err, `replacing RoleBinding ${namespace}/${TENANT_ROLE_BINDING_NAME} (its roleRef names another ClusterRole)`);
    }
  }

  /** A 403 as the grant the operator must add; anything else as the API's own failure. */
  private refusal(err: unknown, namespace: string, subject: RbacV1Subject): Error {
    const failure = KubeApiError.from(err, `applying RoleBinding ${namespace}/${TENANT_ROLE_BINDING_NAME}`);
    if (failure.status !== 403) return failure;
    const role = this.deps.clusterRole;
    const who = describeSubject(subject);
    if (ESCALATION_REFUSED.test(failure.explanation)) {
      return new TenantRoleBindingError(
        "bind_refused",
        `the host cluster refused RoleBinding ${TENANT_ROLE_BINDING_NAME} in namespace ${namespace}: the platform may not bind ClusterRole ${role} (KUBEBYON_TENANT_CLUSTER_ROLE). Grant ${who} cluster-wide "bind" and "get" on clusterroles.rbac.authorization.k8s.io with resourceNames [${role}] (the Helm chart's platform ClusterRole does)`,
        { cause: failure },
      );
    }
    return new TenantRoleBindingError(
      "rolebinding_refused",
      `the host cluster refused RoleBinding ${TENANT_ROLE_BINDING_NAME} in namespace ${namespace} (${failure.explanation}). Grant ${who} cluster-wide "get", "create" and "patch" on rolebindings.rbac.authorization.k8s.io, and "bind" and "get" on clusterroles.rbac.authorization.k8s.io with resourceNames [${role}] (the Helm chart's platform ClusterRole does)`,
      { cause: failure },
    );
  }
}
