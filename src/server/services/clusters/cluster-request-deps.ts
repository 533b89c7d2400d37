import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import type { ServiceDeps } from "@/server/services/service-deps";

/** What the request side of create/update/delete needs: the rows and the job queue the lifecycle jobs run from. */
export interface ClusterRequestDeps extends ServiceDeps, JobQueueDeps {}
