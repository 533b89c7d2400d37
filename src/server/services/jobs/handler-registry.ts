import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import { CLUSTER_CREATE_JOB } from "@/server/services/clusters/create-cluster";
import { CLUSTER_DELETE_JOB } from "@/server/services/clusters/delete-cluster";
import { createClusterJobHandler } from "@/server/services/clusters/run-create-cluster-job";
import { deleteClusterJobHandler } from "@/server/services/clusters/run-delete-cluster-job";
import { updateClusterJobHandler } from "@/server/services/clusters/run-update-cluster-job";
import { CLUSTER_UPDATE_JOB } from "@/server/services/clusters/update-cluster";
import type { JobHandler } from "./job-handler";

/** Maps a job kind to the code that runs it. */
export class JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  constructor(handlers: Record<string, JobHandler> = {}) {
    for (const [kind, handler] of Object.entries(handlers)) this.register(kind, handler);
  }

  register(kind: string, handler: JobHandler): this {
    if (this.handlers.has(kind)) throw new Error(`a handler for job kind '${kind}' is already registered`);
    this.handlers.set(kind, handler);
    return this;
  }

  get(kind: string): JobHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()].sort();
  }
}

/**
 * The handlers both the worker and the in-process executor run. Jobs of
 * kinds without a handler fail with a message asking for a worker upgrade.
 */
export function createJobHandlerRegistry(cluster: ClusterRuntimeDeps): JobHandlerRegistry {
  return new JobHandlerRegistry({
    [CLUSTER_CREATE_JOB]: createClusterJobHandler(cluster),
    [CLUSTER_UPDATE_JOB]: updateClusterJobHandler(cluster),
    [CLUSTER_DELETE_JOB]: deleteClusterJobHandler(cluster),
  });
}
