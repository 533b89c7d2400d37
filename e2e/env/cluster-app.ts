import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { startAppServer, type AppServer } from "./app-server";
import { hostClusterSettings, seedPlatformApiKeySecret } from "./host-platform";
import { startKubeCluster, type KubeCluster } from "./kube-cluster";
import { playVclusterOnNodePort, type NodePortVcluster } from "./node-port-vcluster";
import { createTestDatabase, type TestDatabase } from "./postgres";
import { INGRESS_NGINX_STAND_IN_CHART } from "./stand-in-chart";

export interface ClusterApp {
  kube: KubeCluster;
  app: AppServer;
  /** The app's database, for reading what a page created (e.g. a new cluster's namespace). */
  db: Db;
  /**
   * Plays vCluster coming up for a cluster the app is creating (see playVclusterOnNodePort);
   * `controllerManager` runs kube-controller-manager in it, which the managed ingress needs
   * (Deployments, ReplicaSets and helm's hook Jobs only progress through the real controllers).
   */
  playVcluster(clusterId: string, opts?: { controllerManager?: boolean }): Promise<NodePortVcluster>;
  close(): Promise<void>;
}

/**
 * `next start` in single-node mode (jobs and the node observer in the web process, no RabbitMQ)
 * whose production cluster runtime points at a real host kube-apiserver, the real helm binary and
 * the stand-in vcluster chart, with the platform API key Secret the create job copies in place.
 */
export interface ClusterAppOptions {
  label: string;
  /**
   * Points the managed workload ingress at the ingress-nginx stand-in chart
   * (KUBEBYON_MANAGED_INGRESS_CHART, a local chart directory, so helm needs no repo).
   */
  managedIngress?: boolean;
  /** More environment for `next start`, e.g. KUBEBYON_DNS_CHECK_RESOLVERS or KUBEBYON_CLOUDFLARE_API_BASE_URL. */
  env?: Record<string, string>;
}

export async function startClusterApp(opts: ClusterAppOptions): Promise<ClusterApp> {
  const kube = await startKubeCluster();
  let database: TestDatabase | undefined;
  let app: AppServer | undefined;
  try {
    await seedPlatformApiKeySecret(kube);
    database = await createTestDatabase(opts.label);
    app = await startAppServer({
      databaseUrl: database.url,
      env: {
        ...hostClusterSettings(kube),
        KUBECONFIG: "",
        KUBEBYON_RABBITMQ_URL: "",
        KUBEBYON_JOB_POLL_INTERVAL_MS: "200",
        // A cluster that just became ready is watched within a second, not the default ten.
        KUBEBYON_NODE_OBSERVER_RESCAN_SECONDS: "1",
        ...(opts.managedIngress ? { KUBEBYON_MANAGED_INGRESS_CHART: INGRESS_NGINX_STAND_IN_CHART } : {}),
        ...opts.env,
      },
    });
  } catch (error) {
    await database?.drop();
    await kube.stop();
    throw error;
  }
  const started = { app, database };
  const db = createPrismaClient(database.url);
  const played: NodePortVcluster[] = [];

  return {
    kube,
    app,
    db,
    playVcluster: async (clusterId, vcOpts) => {
      const row = await db.cluster.findUniqueOrThrow({ where: { id: clusterId } });
      const vcluster = await playVclusterOnNodePort({ kube, vclusterName: row.vclusterName, namespace: row.namespace, controllerManager: vcOpts?.controllerManager });
      played.push(vcluster);
      return vcluster;
    },
    close: async () => {
      for (const vcluster of played.splice(0)) await vcluster.close();
      await started.app.stop();
      await db.$disconnect();
      await started.database.drop();
      await kube.stop();
    },
  };
}
