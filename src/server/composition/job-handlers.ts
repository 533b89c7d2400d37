import { CLUSTER_CREATE_JOB, CLUSTER_DELETE_JOB, CLUSTER_MANAGED_INGRESS_JOB, CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import type { ClusterJobDeps } from "@/server/services/clusters/cluster-job-deps";
import { createClusterJobHandler } from "@/server/services/clusters/run-create-cluster-job";
import { deleteClusterJobHandler } from "@/server/services/clusters/run-delete-cluster-job";
import { updateClusterJobHandler } from "@/server/services/clusters/run-update-cluster-job";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { managedIngressJobHandler } from "@/server/services/clusters/run-managed-ingress-job";

/**
 * The handlers every job-processing process runs (the worker, the web process
 * in single-node mode). A new job kind is one constant in domain/jobs/job-kind.ts
 * and one line here; kinds without a handler fail with a message asking for a
 * worker upgrade.
 */
export function createJobHandlerRegistry(cluster: ClusterJobDeps): JobHandlerRegistry {
  return new JobHandlerRegistry({
    [CLUSTER_CREATE_JOB]: createClusterJobHandler(cluster),
    [CLUSTER_UPDATE_JOB]: updateClusterJobHandler(cluster),
    [CLUSTER_DELETE_JOB]: deleteClusterJobHandler(cluster),
    [CLUSTER_MANAGED_INGRESS_JOB]: managedIngressJobHandler(cluster),
  });
}
