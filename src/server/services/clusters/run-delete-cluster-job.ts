import { controlPlaneRouteAction } from "@/server/domain/clusters/control-plane-tls-route";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import type { Cluster } from "@/server/infra/db/client";
import { notifyClusterEvent } from "@/server/services/notifications/emitters";
import { endsTheJob } from "@/server/services/jobs/job-failure";
import { PermanentJobError, type JobHandler, type JobHandlerContext } from "@/server/services/jobs/job-handler";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { runControlPlaneRouteSteps } from "./control-plane-route-step";
import { resolveClusterConnection } from "./connect-to-cluster";
import { messageOf, OperationRecorder } from "./operation-recorder";

/** The part of the cluster runtime this job uses. */
export type DeleteClusterJobDeps = Pick<
  ClusterJobDeps,
  "db" | "log" | "now" | "provisioner" | "namespaceDeletionTimeoutMs" | "publicAccessProvider" | "controlPlaneRoutes" | "resolver" | "admissionWebhooks"
>;

/**
 * The `cluster.delete` job: with the gatewayapi provider, delete the cluster's TLSRoute first (frees
 * its hostname on the shared Gateway at once); helm uninstall, then delete the host namespace
 * and wait until it is gone (so the names can be reused and nothing keeps
 * running), then mark the row deleted. Both host steps treat "already gone"
 * as success, so a retry after a crash converges.
 */
export function deleteClusterJobHandler(deps: DeleteClusterJobDeps): JobHandler {
  return async (job: ClusterJob, context: JobHandlerContext) => {
    const cluster = await deps.db.cluster.findUnique({ where: { id: job.clusterId } });
    if (!cluster) throw new PermanentJobError(`cluster ${job.clusterId} no longer exists; nothing to delete`);
    if (cluster.status === "deleted") return;
    if (!job.operationId) throw new PermanentJobError(`job ${job.id} has no operation to record its steps in`);
    const op = await OperationRecorder.start(deps, job.operationId, { route: controlPlaneRouteAction(deps.publicAccessProvider, "deleted") });
    const signal = context.signal;

    try {
      await removeAdmissionWebhook(deps, cluster);
      await runControlPlaneRouteSteps(deps, op, cluster, "deleted", signal);
      await op.step("helm_uninstall", () => deps.provisioner.uninstall({ releaseName: cluster.vclusterName, namespace: cluster.namespace, signal }));
      await context.renewLease();
      await op.step("delete_namespace", () => deps.provisioner.deleteNamespace({ namespace: cluster.namespace, timeoutMs: deps.namespaceDeletionTimeoutMs, signal }));
      await op.step("mark_deleted", async () => {
        await deps.db.cluster.update({
          where: { id: cluster.id },
          data: {
            status: "deleted",
            deletedAt: deps.now(),
            lastError: null,
            kubeconfigAvailable: false,
            connectionStatus: "disabled",
            apiEndpoint: null,
            publicAccessPort: null,
          },
        });
      });
      await op.succeed();
      deps.log.info("cluster deleted", { cluster_id: cluster.id, namespace: cluster.namespace });
      await notifyClusterEvent(deps, cluster, "cluster.deleted");
    } catch (error) {
      const final = endsTheJob(job, error);
      await op.fail(error, final);
      // After the last attempt the cluster shows the error and DELETE may be sent again.
      await deps.db.cluster.update({ where: { id: cluster.id }, data: { status: final ? "error" : "deleting", lastError: messageOf(error) } });
      throw error;
    }
  };
}

/**
 * Best effort, before anything else goes: the platform's admission webhook configuration leaves the vCluster while its
 * apiserver still answers, so pods created during the teardown are not refused by a webhook about to disappear. A
 * failure is logged only: the configuration goes with the vCluster anyway.
 */
async function removeAdmissionWebhook(deps: DeleteClusterJobDeps, cluster: Cluster): Promise<void> {
  if (!deps.admissionWebhooks || cluster.admissionWebhookAppliedHash === null) return;
  try {
    const { credentials } = await resolveClusterConnection(deps, cluster);
    await deps.admissionWebhooks.delete(credentials);
    await deps.db.cluster.update({ where: { id: cluster.id }, data: { admissionWebhookAppliedHash: null, admissionWebhookAppliedAt: null, admissionWebhookStatus: "disabled", admissionWebhookMessage: null } });
  } catch (error) {
    deps.log.warn("could not remove the admission webhook configuration before deleting the cluster; it goes with the vCluster", { cluster_id: cluster.id, error: messageOf(error) });
  }
}
