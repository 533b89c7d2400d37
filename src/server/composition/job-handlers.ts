import { CLUSTER_CREATE_JOB, CLUSTER_DELETE_JOB, CLUSTER_MANAGED_INGRESS_JOB, CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import type { ClusterJobDeps } from "@/server/services/clusters/cluster-job-deps";
import { createClusterJobHandler } from "@/server/services/clusters/run-create-cluster-job";
import { deleteClusterJobHandler } from "@/server/services/clusters/run-delete-cluster-job";
import { updateClusterJobHandler } from "@/server/services/clusters/run-update-cluster-job";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import type { JobHandler } from "@/server/services/jobs/job-handler";
import { managedIngressJobHandler } from "@/server/services/clusters/run-managed-ingress-job";

/**
 * The handlers every job-processing process runs (the worker, the web process
 * in single-node mode). A new job kind is one constant in domain/jobs/job-kind.ts
 * and one line here; kinds without a handler fail with a message asking for a
 * worker upgrade.
 */
export function createJobHandlerRegistry(cluster: ClusterJobDeps, hooks: JobHandlerHooks = {}): JobHandlerRegistry {
  const lifecycle = (handler: JobHandler): JobHandler => (hooks.afterClusterLifecycleJob ? followedBy(handler, hooks.afterClusterLifecycleJob) : handler);
  return new JobHandlerRegistry({
    [CLUSTER_CREATE_JOB]: lifecycle(createClusterJobHandler(cluster)),
    [CLUSTER_UPDATE_JOB]: lifecycle(updateClusterJobHandler(cluster)),
    [CLUSTER_DELETE_JOB]: lifecycle(deleteClusterJobHandler(cluster)),
    [CLUSTER_MANAGED_INGRESS_JOB]: lifecycle(managedIngressJobHandler(cluster)),
  });
}

export interface JobHandlerHooks {
  /**
   * Called when a create/update/delete or managed-ingress cluster job's handler returns or throws in this
   * process (these change what the edges serve: a Service, a control_plane_host, a cluster going away, its
   * managed ingress controller coming or going).
   * Must not throw or block: it only asks for work (the edge loop's requestPass).
   */
  afterClusterLifecycleJob?: () => void;
}

function followedBy(handler: JobHandler, after: () => void): JobHandler {
  return async (job, context) => {
    try {
      await handler(job, context);
    } finally {
      after();
    }
  };
}
