import { controlPlaneRouteAction } from "@/server/domain/clusters/control-plane-tls-route";
import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { previousHostExpired } from "@/server/domain/clusters/served-control-plane-hosts";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import { endsTheJob } from "@/server/services/jobs/job-failure";
import { PermanentJobError, type JobHandler, type JobHandlerContext } from "@/server/services/jobs/job-handler";
import { runManagedIngressStep } from "./managed-ingress-step";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { clusterOwnerLabels } from "./control-plane-provisioner";
import { runControlPlaneRouteSteps } from "./control-plane-route-step";
import { applyPlanQuota, connectAndFinish, installControlPlane } from "./control-plane-steps";
import { messageOf, OperationRecorder } from "./operation-recorder";
import { verifyServingCertificate } from "./verify-serving-certificate-step";
import { cancelledByDeleteMessage, writeUnlessDeleting } from "./write-unless-deleting";

/** The part of the cluster runtime this job uses. */
export type UpdateClusterJobDeps = Pick<
  ClusterJobDeps,
  | "db"
  | "log"
  | "now"
  | "provisioner"
  | "resolver"
  | "loadBaseValues"
  | "controlPlaneTimeoutMs"
  | "publicAccessProvider"
  | "controlPlaneRoutes"
  | "managedIngress"
  | "managedIngressReadyTimeoutMs"
  | "managedIngressPollMs"
  | "servingCertificates"
  | "servingCertificateTimeoutMs"
  | "servingCertificatePollMs"
>;

/**
 * The `cluster.update` job (plan §5.4, §5.6): re-applies the namespace (its labels and, with
 * KUBEBYON_TENANT_CLUSTER_ROLE, the platform's RoleBinding there) and the plan quota, and
 * upgrades the helm release with values built from the row as it is now
 * (Service type from the mode, control_plane_host in the SANs, and the name a
 * change replaced while its grace lasts), waits until the control plane serves a
 * certificate valid for the public name, then re-derives the endpoint and probes it.
 * A previous name whose grace has ended was rendered out by this upgrade, so it is
 * cleared once helm ran (the grace-expiry pass enqueues exactly this job). The row is the desired state, so a
 * retry or a later update simply converges on it.
 */
export function updateClusterJobHandler(deps: UpdateClusterJobDeps): JobHandler {
  return async (job: ClusterJob, context: JobHandlerContext) => {
    const cluster = await deps.db.cluster.findUnique({ where: { id: job.clusterId } });
    if (!cluster || cluster.status === "deleted" || cluster.status === "deleting") {
      if (job.operationId) await OperationRecorder.cancel(deps, job.operationId, cancelledByDeleteMessage);
      throw new PermanentJobError(`cluster ${job.clusterId} is gone or being deleted; nothing to update`);
    }
    if (!job.operationId) throw new PermanentJobError(`job ${job.id} has no operation to record its steps in`);
    const mode = effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode });
    const op = await OperationRecorder.start(deps, job.operationId, { route: controlPlaneRouteAction(deps.publicAccessProvider, mode) });

    try {
      await op.step("ensure_namespace", () =>
        deps.provisioner.ensureNamespace({ namespace: cluster.namespace, labels: clusterOwnerLabels({ clusterId: cluster.id, ownerId: cluster.ownerId }) }),
      );
      await applyPlanQuota(deps, op, cluster);
      const { servedHost } = await installControlPlane(deps, op, cluster, mode, "helm_upgrade", context);
      if (previousHostExpired({ previousHost: cluster.previousControlPlaneHost, previousUntil: cluster.previousControlPlaneHostUntil }, deps.now())) {
        await writeUnlessDeleting(deps, cluster.id, { previousControlPlaneHost: null, previousControlPlaneHostUntil: null });
      }
      await verifyServingCertificate(deps, op, cluster, mode, servedHost, context.signal);
      await runControlPlaneRouteSteps(deps, op, cluster, mode, context.signal);
      const { connection } = await connectAndFinish(deps, op, cluster, mode, context, (c) => runManagedIngressStep(deps, op, cluster.id, c.credentials, context.signal));
      deps.log.info("cluster updated", { cluster_id: cluster.id, public_access_mode: mode, api_endpoint: connection.apiEndpoint });
    } catch (error) {
      const final = endsTheJob(job, error);
      await op.fail(error, final);
      await writeUnlessDeleting(deps, cluster.id, { status: final ? "error" : "updating", lastError: messageOf(error), ...(final ? { connectionStatus: "unreachable" } : {}) });
      throw error;
    }
  };
}
