import { ApiKeyCache } from "@/server/services/auth/api-key-cache";
import { PgCredentialChangeFeed } from "@/server/infra/db/pg-credential-change-feed";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import { KubeAdmissionWebhookConfigurationStore } from "@/server/infra/kube/admission-webhook-configuration-store";
import { argon2PasswordHasher } from "@/server/infra/crypto/argon2-password-hasher";
import { createPrismaClient, type Cluster, type Db } from "@/server/infra/db/client";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { GatewayApiTlsRoutes } from "@/server/infra/kube/gateway-api-tls-routes";
import { HelmCli } from "@/server/infra/kube/helm-cli";
import { HelmControlPlaneProvisioner } from "@/server/infra/kube/helm-control-plane-provisioner";
import { KubeHostNamespaceInventory } from "@/server/infra/kube/kube-host-namespace-inventory";
import { HelmManagedIngressReconciler } from "@/server/infra/kube/helm-managed-ingress-reconciler";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { KubectlCliRunner } from "@/server/infra/kube/kubectl-cli-runner";
import { KubeNodeOperator } from "@/server/infra/kube/node-operator";
import { KubeNodeReader } from "@/server/infra/kube/node-reader";
import { KubeBootstrapCsrWatcher } from "@/server/infra/kube/bootstrap-csr-watcher";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import { TlsServingCertificateProbe } from "@/server/infra/kube/tls-serving-certificate-probe";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { createLogger } from "@/server/observability/logger";
import { createJobHandlerRegistry } from "@/server/composition/job-handlers";
import { hostClusterSetup, type ClusterRuntime } from "@/server/composition/cluster-runtime";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { JobRunner } from "@/server/services/jobs/job-runner";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import type { ClusterRequestDeps } from "@/server/services/clusters/cluster-request-deps";
import { hasActiveClusterJob } from "@/server/services/clusters/active-cluster-job";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "./kube-cluster";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { SharedGatewayRef } from "@/server/domain/clusters/control-plane-tls-route";
import { requireSharedGateway } from "@/server/config/env";
import { createTestDatabase, type TestDatabase } from "./postgres";
import { INGRESS_NGINX_STAND_IN_CHART, STAND_IN_CHART } from "./stand-in-chart";
import { waitFor } from "./wait-for";
import { startNodeObserverRescans } from "./background-task";

export interface ClusterJobHarness {
  kube: KubeCluster;
  db: Db;
  /** The test database's URL (for the advisory locks a test builds itself). */
  databaseUrl: string;
  deps: AuthDeps & ClusterRequestDeps;
  runtime: ClusterRuntime;
  /** The test plays vCluster coming up: a stand-in apiserver exports Secret vc-<name> into the cluster's namespace. */
  playVcluster(clusterId: string, opts?: { controllerManager?: boolean }): Promise<VirtualCluster>;
  /** Polls `read` until `done` holds, failing with the last value after `timeoutMs`. */
  waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs?: number): Promise<T>;
  /**
   * Waits until the cluster's job has ended: the row left provisioning/updating/deleting and the runner recorded
   * the job (it does that just after the handler wrote the row). Until then a change is refused as overlapping
   * another operation (update-cluster.ts), as it would be for a user. Returns the settled row.
   */
  settled(clusterId: string, what: string, timeoutMs?: number): Promise<Cluster>;
  close(): Promise<void>;
}

/**
 * The cluster lifecycle jobs on real parts, as the web process wires them:
 * a real kube-apiserver (+ controller manager for namespace deletion), the
 * real helm binary with the stand-in chart (same value paths as vcluster),
 * a fresh database, and the in-process executor running the production
 * handler registry. The platform reaches each stand-in vCluster on its
 * production route (cluster-ip: the Service's loopback ClusterIP, forwarded by
 * the kube-proxy stand-in), TLS verified against the stand-in's certificate.
 */
export async function startClusterJobHarness(opts: {
  label: string;
  baseValues?: unknown;
  chart?: string;
  /** The managed ingress chart (default: the ingress-nginx stand-in) and how long its step waits for readiness. */
  ingressChart?: string;
  ingressReadyTimeoutMs?: number;
  /** KUBEBYON_PUBLIC_ACCESS_PROVIDER of the harness's platform; servicelb (the binary's default) when unset. */
  publicAccessProvider?: PublicAccessProvider;
  /**
   * With provider gatewayapi: the shared Gateway the routes attach to (unset: the jobs fail as
   * production does without KUBEBYON_GATEWAY_NAME/_NAMESPACE) and how long route_status waits for
   * a controller's report (no controller runs in tests; default 1 s). The test installs the CRDs.
   */
  gateway?: SharedGatewayRef;
  routeStatusWaitMs?: number;
  /** How long verify_serving_certificate waits for a new public name (default 30 s). */
  servingCertificateTimeoutMs?: number;
  /** KUBEBYON_SAN_GRACE_HOURS of the harness's platform (default 72). */
  sanGraceHours?: number;
  /** How long delete_namespace waits for the namespace to go (default 60 s). */
  namespaceDeletionTimeoutMs?: number;
  /** Also run the node observer, as every job-processing process does (composition/job-processing.ts). */
  nodeObserver?: boolean;
}): Promise<ClusterJobHarness> {
  const log = createLogger({ level: "error" });
  const kube = await startKubeCluster({ controllerManager: true });
  let testDb: TestDatabase | undefined;
  let executor: JobRunner | undefined;
  const helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-"));
  testDb = await createTestDatabase(opts.label);
  const db = createPrismaClient(testDb.url);
  const wakeups = new InProcessJobWakeups(log);
  const deps: AuthDeps & ClusterRequestDeps = { db, log, hasher: argon2PasswordHasher, now: () => new Date(), sessionTtlHours: 1, sessionIdleMinutes: 60, apiKeyCache: new ApiKeyCache({ ttlMs: 0, maxEntries: 0, feed: new PgCredentialChangeFeed(testDb.url, log) }), jobs: new PrismaJobStore(db), wakeups, hostCluster: hostClusterSetup({ kubeconfigPath: kube.kubeconfigPath }), publicAccessProvider: opts.publicAccessProvider ?? "servicelb", sanGraceHours: opts.sanGraceHours ?? 72 };
  const kubeConfig = loadHostKubeConfig({ kubeconfigPath: kube.kubeconfigPath });
  const runtime: ClusterRuntime = {
    db,
    log,
    now: () => new Date(),
    provisioner: new HelmControlPlaneProvisioner({
      kubeConfig,
      helm: new HelmCli({ bin: kube.tools.helm, kubeconfigPath: kube.kubeconfigPath, helmHome, timeoutMs: 60_000 }),
      chart: { chart: opts.chart ?? STAND_IN_CHART, repo: "https://charts.invalid", version: "0.0.0" },
      platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: "kubebyon-system" },
      pollIntervalMs: 100,
    }),
    hostInventory: new KubeHostNamespaceInventory({ kubeConfig }),
    // Outside the host cluster, as production decides for "auto": the ClusterIP, which the kube-proxy stand-in serves.
    resolver: new VclusterKubeconfigResolver({ kubeConfig, route: "cluster-ip" }),
    managedIngress: new HelmManagedIngressReconciler({
      helmBin: kube.tools.helm,
      helmHome,
      chart: { chart: opts.ingressChart ?? INGRESS_NGINX_STAND_IN_CHART, repo: "https://charts.invalid", version: "0.0.0" },
      helmTimeoutMs: 60_000,
    }),
    managedIngressReadyTimeoutMs: opts.ingressReadyTimeoutMs ?? 30_000,
    managedIngressPollMs: 200,
    nodeReader: new KubeNodeReader(),
    nodeOperator: new KubeNodeOperator(),
    kubectl: { runner: new KubectlCliRunner({ kubectlBin: kube.tools.kubectl }), timeoutMs: 20_000, maxOutputBytes: 1_048_576 },
    loadBaseValues: async () => opts.baseValues,
    controlPlaneTimeoutMs: 30_000,
    publicAccessProvider: opts.publicAccessProvider ?? "servicelb",
    // As composition/cluster-runtime.ts wires it: only with gatewayapi, the Gateway read on first use.
    ...(opts.publicAccessProvider === "gatewayapi"
      ? {
          controlPlaneRoutes: {
            routes: new GatewayApiTlsRoutes({ kubeConfig }),
            gateway: () =>
              requireSharedGateway({ sharedGateway: { name: opts.gateway?.name, namespace: opts.gateway?.namespace, listener: opts.gateway?.sectionName ?? "tls-passthrough" } }),
            statusWaitMs: opts.routeStatusWaitMs ?? 1_000,
            statusPollMs: 200,
          },
        }
      : {}),
    namespaceDeletionTimeoutMs: opts.namespaceDeletionTimeoutMs ?? 60_000,
    servingCertificates: new TlsServingCertificateProbe(),
    servingCertificateTimeoutMs: opts.servingCertificateTimeoutMs ?? 30_000,
    servingCertificatePollMs: 200,
    admissionWebhooks: new KubeAdmissionWebhookConfigurationStore(),
  };
  executor = new JobRunner({
    store: deps.jobs,
    registry: createJobHandlerRegistry(runtime),
    owner: "test-runner",
    leaseMs: 30_000,
    pollIntervalMs: 500,
    wakeups,
    logger: log,
  });
  await executor.start();
  // Wired as composition/node-observer.ts does, with this harness's runtime and job queue; a short rescan.
  const observer = opts.nodeObserver
    ? new NodeObserver(
        {
          ...runtime,
          jobs: deps.jobs,
          wakeups,
          watcher: new KubeNodeWatcher(),
          csrWatcher: new KubeBootstrapCsrWatcher(),
          claims: new PgAdvisoryClaims({ connectionString: testDb.url, lockClass: sessionLocks.nodeObserverClaimsClass, applicationName: `harness node observer (${opts.label})` }),
        },
        { settleMs: 500 },
      )
    : undefined;
  if (observer) startNodeObserverRescans(observer, 500);

  return {
    kube,
    db,
    databaseUrl: testDb.url,
    deps,
    runtime,
    playVcluster: async (clusterId, vcOpts) => {
      const row = await db.cluster.findUniqueOrThrow({ where: { id: clusterId } });
      // A real vCluster's Pod exists only once helm has installed the release, so at its start the
      // certificate already covers the Service's ClusterIP; a stand-in started earlier would race its own re-issue.
      const core = kube.kubeConfig().makeApiClient(CoreV1Api);
      const releaseService = async () => {
        try {
          const service = await core.readNamespacedService({ name: row.vclusterName, namespace: row.namespace });
          return service.metadata?.annotations?.["meta.helm.sh/release-name"] === row.vclusterName;
        } catch (err) {
          if (err instanceof ApiException && err.code === 404) return false;
          throw err;
        }
      };
      await waitFor(`helm to install the release's Service ${row.namespace}/${row.vclusterName}`, releaseService, (installed) => installed, 60_000);
      return kube.startVirtualCluster({ name: row.vclusterName, namespace: row.namespace, controllerManager: vcOpts?.controllerManager });
    },
    waitFor,
    settled: async (clusterId, what, timeoutMs = 120_000) => {
      const busy = ["provisioning", "updating", "deleting"];
      await waitFor(what, () => db.cluster.findUniqueOrThrow({ where: { id: clusterId } }), (c) => !busy.includes(c.status), timeoutMs);
      await waitFor(`${what}: its job to be recorded as ended`, () => hasActiveClusterJob(db, clusterId), (active) => !active);
      return db.cluster.findUniqueOrThrow({ where: { id: clusterId } });
    },
    close: async () => {
      await observer?.stop();
      await executor?.stop();
      executor = undefined;
      await wakeups.close();
      await db.$disconnect();
      await testDb?.drop();
      testDb = undefined;
      await kube.stop();
      await rm(helmHome, { recursive: true, force: true });
    },
  };
}
