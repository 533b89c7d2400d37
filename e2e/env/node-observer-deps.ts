import type { KubeCluster } from "@e2e/env/kube-cluster";
import type { Db } from "@/server/infra/db/client";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { KubeBootstrapCsrWatcher } from "@/server/infra/kube/bootstrap-csr-watcher";
import { KubeNodeReader } from "@/server/infra/kube/node-reader";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import type { Logger } from "@/server/observability/logger";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import type { NodeObserverDeps } from "@/server/services/nodes/node-observer";

/**
 * The node observer's production adapters for a test: the test host's vCluster Secrets (cluster-ip route),
 * the client-node node and CSR watchers, this database's job queue, and claims on their own connection
 * (`applicationName` shows in pg_stat_activity).
 */
export function nodeObserverTestDeps(opts: { db: Db; databaseUrl: string; kube: KubeCluster; log: Logger; applicationName: string }): NodeObserverDeps {
  return {
    db: opts.db,
    log: opts.log,
    now: () => new Date(),
    resolver: new VclusterKubeconfigResolver({ kubeConfig: opts.kube.kubeConfig(), route: "cluster-ip" }),
    nodeReader: new KubeNodeReader(),
    watcher: new KubeNodeWatcher(),
    csrWatcher: new KubeBootstrapCsrWatcher(),
    jobs: new PrismaJobStore(opts.db),
    wakeups: new InProcessJobWakeups(opts.log),
    claims: new PgAdvisoryClaims({ connectionString: opts.databaseUrl, lockClass: 7, applicationName: opts.applicationName }),
  };
}
