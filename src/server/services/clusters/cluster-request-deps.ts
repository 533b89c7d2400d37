import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { HostClusterSetup } from "./host-cluster-setup";

/** What the request side of create/update/delete needs: the rows, the job queue the lifecycle jobs run from, and whether a host cluster exists. */
export interface ClusterRequestDeps extends ServiceDeps, JobQueueDeps {
  hostCluster: HostClusterSetup;
  /** The deployment's KUBEBYON_PUBLIC_ACCESS_PROVIDER: what a loadbalancer cluster's control_plane_host may be. */
  publicAccessProvider: PublicAccessProvider;
  /** KUBEBYON_SAN_GRACE_HOURS: how long a replaced public name stays in the certificate (0: not at all). */
  sanGraceHours: number;
}
