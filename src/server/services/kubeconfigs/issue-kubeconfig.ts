import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { allowedKubeconfigAccess, serviceAccountNameFor, type KubeconfigAccess } from "@/server/domain/kubeconfigs/kubeconfig-credential";
import { effectiveKubeconfigTtlSeconds } from "@/server/domain/kubeconfigs/kubeconfig-ttl";
import { renderTokenKubeconfig } from "@/server/domain/kubeconfigs/token-kubeconfig";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { resolveCurrentPlan } from "@/server/services/billing/resolve-current-plan";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { credentialNames, kubeconfigCredentialViewSchema, toKubeconfigCredentialView } from "./kubeconfig-credential-view";
import type { KubeconfigDeps } from "./kubeconfig-deps";
import { connectForUserKubeconfig } from "./public-endpoint-connection";

export const issuedKubeconfigSchema = z.object({
  credential: kubeconfigCredentialViewSchema,
  /** Holds the token: returned once, never stored. */
  kubeconfig: z.string(),
  api_endpoint: z.string(),
  expires_at: z.string(),
});
export type IssuedKubeconfig = z.infer<typeof issuedKubeconfigSchema>;

/**
 * A kubeconfig for the requesting user (issue 15): a ServiceAccount of their own in the vCluster, bound to
 * cluster-admin (owner) or read-only roles (view), with a TokenRequest token whose lifetime is the request or the
 * setting, capped by the cluster owner's current plan. Kubernetes first, then the row; a failed row write removes
 * the ServiceAccount again, so no credential exists that the platform cannot list or revoke.
 */
export async function issueKubeconfig(
  deps: KubeconfigDeps,
  viewer: Viewer,
  input: { clusterId: string; access?: KubeconfigAccess; ttlSeconds?: number },
  origin: RequestOrigin,
): Promise<IssuedKubeconfig> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  const rule = allowedKubeconfigAccess(cluster.ownerId === viewer.id);
  const access = input.access ?? rule.default;
  if (!rule.allowed.includes(access)) {
    throw new AppError(
      "FORBIDDEN",
      "Only the cluster's owner can take an admin kubeconfig. As a platform administrator you can download a read-only one: ask for access \"view\".",
    );
  }
  const connection = await connectForUserKubeconfig({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  const { plan } = await resolveCurrentPlan(deps.db, cluster.ownerId, deps.now());
  const ttlSeconds = effectiveKubeconfigTtlSeconds({ requested: input.ttlSeconds, setting: deps.defaultTtlSeconds, planMaxSeconds: plan?.kubeconfigMaxTtlSeconds ?? null });

  const id = newId("kc");
  const serviceAccountName = serviceAccountNameFor(id);
  const issued = await deps.accessIssuer.issue({ credentials: connection.credentials, serviceAccountName, credentialId: id, userId: viewer.id, access, ttlSeconds });
  let row;
  try {
    row = await deps.db.$transaction(async (tx) => {
      const created = await tx.kubeconfigCredential.create({
        data: { id, clusterId: cluster.id, userId: viewer.id, access, serviceAccountName, expiresAt: issued.expiresAt },
        include: credentialNames,
      });
      await recordAuditEvent(
        tx,
        { actorUserId: viewer.id, action: "kubeconfig.issue", targetType: "cluster", targetId: cluster.id, metadata: { credential_id: id, access, expires_at: issued.expiresAt.toISOString() } },
        origin,
      );
      return created;
    });
  } catch (error) {
    await deps.accessIssuer.remove({ credentials: connection.credentials, serviceAccountName }).catch((cleanup: unknown) =>
      deps.log.error("could not remove the ServiceAccount of a kubeconfig whose row was not written", {
        cluster_id: cluster.id,
        service_account: serviceAccountName,
        error: cleanup instanceof Error ? cleanup.message : String(cleanup),
      }),
    );
    throw error;
  }
  deps.log.info("kubeconfig issued", { cluster_id: cluster.id, credential_id: id, access, expires_at: issued.expiresAt.toISOString() });
  return {
    credential: toKubeconfigCredentialView(row, deps.now()),
    kubeconfig: renderTokenKubeconfig({ server: connection.apiEndpoint, caPem: connection.credentials.caPem, token: issued.token, clusterName: cluster.name, access, userEmail: viewer.email }),
    api_endpoint: connection.apiEndpoint,
    expires_at: issued.expiresAt.toISOString(),
  };
}
