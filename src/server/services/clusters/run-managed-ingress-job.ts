import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { messageOf, OperationRecorder } from "./operation-recorder";
import { cancelledByDeleteMessage, writeUnlessDeleting } from "./write-unless-deleting";
import { endsTheJob } from "@/server/services/jobs/job-failure";
import { PermanentJobError, type JobHandler, type JobHandlerContext } from "@/server/services/jobs/job-handler";
import { readNodePortHostAddress } from "@/server/services/settings/read-system-settings";
import { runManagedIngressStep } from "./managed-ingress-step";

export type ManagedIngressJobDeps = Pick<ClusterJobDeps, "db" | "log" | "now" | "resolver" | "managedIngress" | "managedIngressReadyTimeoutMs" | "managedIngressPollMs">;

/**
 * The `cluster.managed_ingress` job: PATCH changed only managed_workload_ingress_enabled (or asked again
 * after an `error`), so the control plane is left alone. It reaches the vCluster as every other job does
 * and runs the same managed_ingress step as create and update. The cluster itself stays `ready`.
 */
export function managedIngressJobHandler(deps: ManagedIngressJobDeps): JobHandler {
  return async (job: ClusterJob, context: JobHandlerContext) => {
    const cluster = await deps.db.cluster.findUnique({ where: { id: job.clusterId } });
    if (!cluster || cluster.status === "deleted" || cluster.status === "deleting") {
      if (job.operationId) await OperationRecorder.cancel(deps, job.operationId, cancelledByDeleteMessage);
      throw new PermanentJobError(`cluster ${job.clusterId} is gone or being deleted; no managed ingress to reconcile`);
    }
    if (!job.operationId) throw new PermanentJobError(`job ${job.id} has no operation to record its steps in`);
    const op = await OperationRecorder.start(deps, job.operationId);
    try {
      const connection = await op.step("resolve_endpoint", async () =>
        deps.resolver.resolve({
          namespace: cluster.namespace,
          vclusterName: cluster.vclusterName,
          mode: effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode }),
          controlPlaneHost: cluster.controlPlaneHost,
          nodePortHostAddress: await readNodePortHostAddress(deps),
        }),
      );
      const result = await runManagedIngressStep(deps, op, cluster.id, connection.credentials, context.signal);
      await op.succeed();
      deps.log.info("managed ingress job finished", { cluster_id: cluster.id, result });
    } catch (error) {
      const final = endsTheJob(job, error);
      await op.fail(error, final);
      // The control plane could not be reached: that is the ingress's status now, the cluster's own stays.
      if (final) await writeUnlessDeleting(deps, cluster.id, { managedWorkloadIngressStatus: "error", managedWorkloadIngressLastError: messageOf(error) });
      throw error;
    }
  };
}
