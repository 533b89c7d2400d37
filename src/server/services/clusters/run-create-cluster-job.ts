import { controlPlaneRouteAction } from "@/server/domain/clusters/control-plane-tls-route";
import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import { notifyClusterEvent } from "@/server/services/notifications/emitters";
import { endsTheJob } from "@/server/services/jobs/job-failure";
import { PermanentJobError, type JobHandler, type JobHandlerContext } from "@/server/services/jobs/job-handler";
import { runManagedIngressStep } from "./managed-ingress-step";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { clusterOwnerLabels } from "./control-plane-provisioner";
import { runControlPlaneRouteSteps } from "./control-plane-route-step";
import { applyPlanQuota, connectAndFinish, installControlPlane } from "./control-plane-steps";
import { messageOf, OperationRecorder } from "./operation-recorder";
import { cancelledByDeleteMessage, writeUnlessDeleting } from "./write-unless-deleting";

/**
 * The `cluster.create` job (spec §5.2): namespace, quota, platform secret,
 * helm install of the vCluster chart, wait for its kubeconfig, resolve the
 * endpoint and probe it. Every step is idempotent, so a retry after a crash or
 * a failure converges; the cluster is `ready` only after a real /version probe.
 */
export function createClusterJobHandler(deps: ClusterJobDeps): JobHandler {
  return async (job: ClusterJob, context: JobHandlerContext) => {
    const cluster = await deps.db.cluster.findUnique({ where: { id: job.clusterId } });
    if (!cluster || cluster.status === "deleted" || cluster.status === "deleting") {
      if (job.operationId) await OperationRecorder.cancel(deps, job.operationId, cancelledByDeleteMessage);
      throw new PermanentJobError(`cluster ${job.clusterId} is gone or being deleted; nothing to create`);
    }
    if (!job.operationId) throw new PermanentJobError(`job ${job.id} has no operation to record its steps in`);
    const mode = effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode });
    const op = await OperationRecorder.start(deps, job.operationId, { route: controlPlaneRouteAction(deps.publicAccessProvider, mode) });

    try {
      await op.step("ensure_namespace", () =>
        deps.provisioner.ensureNamespace({ namespace: cluster.namespace, labels: clusterOwnerLabels({ clusterId: cluster.id, ownerId: cluster.ownerId }) }),
      );
      await applyPlanQuota(deps, op, cluster);
      await op.step("copy_platform_secret", () => deps.provisioner.copyPlatformSecret({ namespace: cluster.namespace }));
      await context.renewLease();
      await installControlPlane(deps, op, cluster, mode, "helm_install", context);
      await runControlPlaneRouteSteps(deps, op, cluster, mode, context.signal);
      const { connection, probe } = await connectAndFinish(deps, op, cluster, mode, context, (c) => runManagedIngressStep(deps, op, cluster.id, c.credentials, context.signal));
      deps.log.info("cluster ready", { cluster_id: cluster.id, kubernetes: probe.gitVersion, api_endpoint: connection.apiEndpoint });
      await notifyClusterEvent(deps, cluster, "cluster.ready", { api_endpoint: connection.apiEndpoint ?? null });
    } catch (error) {
      const final = endsTheJob(job, error);
      await op.fail(error, final);
      await writeUnlessDeleting(deps, cluster.id, { status: final ? "error" : "provisioning", lastError: messageOf(error), ...(final ? { connectionStatus: "unreachable" } : {}) });
      if (final) await notifyClusterEvent(deps, cluster, "cluster.error", { error: messageOf(error) });
      throw error;
    }
  };
}
