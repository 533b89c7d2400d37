import os from "node:os";
import { requireHaproxyEdge } from "@/server/config/env";
import { HaproxyConfigWriter } from "@/server/infra/haproxy/haproxy-config-writer";
import { KubeControlPlaneMetricsScraper } from "@/server/infra/kube/control-plane-metrics-scraper";
import { KubeControlPlaneReadinessProbe } from "@/server/infra/kube/control-plane-readiness-probe";
import { KubeControlPlaneNodePorts } from "@/server/infra/kube/control-plane-node-ports";
import { KubeHostNodeAddresses } from "@/server/infra/kube/host-node-addresses";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { KubeJoinedNodeRouteReader } from "@/server/infra/kube/joined-node-route-reader";
import { KubeManagedIngressInspector } from "@/server/infra/kube/managed-ingress-inspector";
import { KubeRoutePlanStore } from "@/server/infra/kube/route-plan-store";
import { IpRouteCli } from "@/server/infra/net/ip-route-cli";
import { FetchWebhookSender } from "@/server/infra/webhook/fetch-webhook-sender";
import { admissionWebhookSyncTask } from "@/server/services/admission/admission-webhook-sync.task";
import { bindTask, type BackgroundTask, type BoundTask } from "@/server/services/background/background-task";
import { processHeartbeatTask } from "@/server/services/background/process-heartbeat.task";
import type { TaskHealth } from "@/server/services/background/task-health";
import { controlPlaneHealthSettings } from "@/server/services/cluster-health/cluster-health-deps";
import { probeControlPlanesTask } from "@/server/services/cluster-health/probe-control-planes.task";
import { CollectorMemory } from "@/server/services/cluster-metrics/cluster-metrics-deps";
import { controlPlaneMetricsTask } from "@/server/services/cluster-metrics/control-plane-metrics.task";
import { abandonedOperationSweepTask } from "@/server/services/clusters/abandoned-operation-sweep.task";
import { managedIngressCheckTask } from "@/server/services/clusters/managed-ingress-check.task";
import { controlPlaneRoutesTask } from "@/server/services/clusters/control-plane-routes.task";
import { controlPlaneRerenderTask } from "@/server/services/clusters/control-plane-rerender.task";
import { controlPlaneEdgeTask } from "@/server/services/control-plane-edge/control-plane-edge.task";
import { dnsSyncTask } from "@/server/services/dns-automation/dns-sync.task";
import { dnsCheckTask } from "@/server/services/hostname-bindings/dns-check.task";
import { joinSessionTimeoutTask } from "@/server/services/join-sessions/join-session-timeout.task";
import { joinTokenCleanupTask } from "@/server/services/join-tokens/join-token-cleanup.task";
import { kubeconfigCleanupTask } from "@/server/services/kubeconfigs/kubeconfig-cleanup.task";
import { nodeAlertsTask } from "@/server/services/node-health/node-alerts.task";
import { nodeObserverRescanTask } from "@/server/services/nodes/node-observer-rescan.task";
import { notificationDispatchTask } from "@/server/services/notifications/notification-dispatch.task";
import { joinedNodeRouteSources } from "@/server/services/pod-routes/list-joined-node-routes";
import { localPodRoutesTask } from "@/server/services/pod-routes/pod-routes.task";
import { routePlansTask } from "@/server/services/pod-routes/route-plans.task";
import { retentionTask } from "@/server/services/retention/retention.task";
import { workloadEdgeTask } from "@/server/services/workload-edge/workload-edge.task";
import { admissionWebhookSyncDeps } from "./admission-webhook-sync-deps";
import { haproxyOptionsFor } from "./haproxy-options";
import { buildNodeAlertDeps, createNodeObserver } from "./node-observer";
import type { Runtime } from "./runtime";
import { workloadEdgeSyncDeps } from "./workload-edge-sync-deps";

/** What the wiring of one process's tasks needs beside the runtime. */
export interface TaskWiring {
  runtime: Runtime;
  /** The process's name among job-processing processes (worker id, `web-<id>`): shown in pg_stat_activity. */
  owner: string;
  /** The process's one advisory-claims session, as the node observer's claims. */
  observerClaims: Parameters<typeof createNodeObserver>[2];
  /** The scheduler's view of the tasks, for the heartbeat row. */
  health: () => TaskHealth[];
}

/**
 * Every background task a job-processing process runs (the worker; the web process in single-node mode), bound to its
 * deps. Composition constructs and connects: the schedule, backoff and log policy of each task live in its own
 * `services/<area>/<name>.task.ts`. Adding a task is one line here. A task that is off in this deployment is left out.
 */
export function backgroundTasks({ runtime, owner, observerClaims, health }: TaskWiring): BoundTask[] {
  const { config, deps, clusterRuntime } = runtime;
  const { db, now } = deps;
  const log = (component: string) => runtime.log.child({ component });
  const bind = <Deps, Result>(task: BackgroundTask<Deps, Result>, taskDeps: Deps) => bindTask(task, taskDeps, { config });
  const edge = config.workloadEdge;
  const parts = { config, db, now, resolver: clusterRuntime.resolver, processName: runtime.process };
  const routeSources = () => joinedNodeRouteSources({ db: clusterRuntime.db, resolver: clusterRuntime.resolver, reader: new KubeJoinedNodeRouteReader() });
  const identity = { id: owner, process: runtime.process, hostname: os.hostname(), pid: process.pid, startedAt: now() };
  const tasks: Array<BoundTask | false> = [
    bind(processHeartbeatTask, { db, now, log: log("heartbeat"), identity, health }),
    bind(nodeObserverRescanTask, createNodeObserver(runtime, owner, observerClaims)),
    bind(nodeAlertsTask, buildNodeAlertDeps(runtime)),
    bind(probeControlPlanesTask, {
      db,
      now,
      log: log("control-plane-health"),
      resolver: clusterRuntime.resolver,
      readiness: new KubeControlPlaneReadinessProbe(),
      settings: controlPlaneHealthSettings(config.controlPlaneHealth),
    }),
    bind(abandonedOperationSweepTask, { db, now, log: log("operation-sweeper") }),
    bind(notificationDispatchTask, { db, now, log: log("notifications"), mailer: deps.mailer, webhooks: new FetchWebhookSender() }),
    bind(dnsCheckTask, { db, now, dns: deps.dns, log: log("dns-check") }),
    bind(dnsSyncTask, { db, now, log: log("dns-automation"), dnsProviders: deps.dnsProviders, dnsPassLock: deps.dnsPassLock }),
    config.publicAccessProvider === "haproxy" && bind(controlPlaneEdgeTask, controlPlaneEdgeDeps(runtime)),
    edge.enabled && bind(workloadEdgeTask, workloadEdgeSyncDeps({ ...parts, log: log("workload-edge") })),
    // Runs with the webhook off too: then each pass removes the configurations applied earlier.
    bind(admissionWebhookSyncTask, admissionWebhookSyncDeps({ ...parts, log: log("admission-webhook") })),
    bind(managedIngressCheckTask, {
      db,
      now,
      log: log("managed-ingress-check"),
      resolver: clusterRuntime.resolver,
      jobs: deps.jobs,
      wakeups: deps.wakeups,
      inspector: new KubeManagedIngressInspector(),
      autoRepair: config.managedIngressCheck.autoRepair,
    }),
    bind(kubeconfigCleanupTask, { db, now, log: log("kubeconfig-cleanup"), cluster: deps.cluster, accessIssuer: deps.kubeconfigs.accessIssuer }),
    bind(controlPlaneRoutesTask, { db, now, log: log("control-plane-routes"), publicAccessProvider: clusterRuntime.publicAccessProvider, controlPlaneRoutes: clusterRuntime.controlPlaneRoutes }),
    bind(controlPlaneRerenderTask, { db, now, jobs: deps.jobs, wakeups: deps.wakeups, publicAccessProvider: deps.publicAccessProvider, log: log("control-plane-rerender") }),
    config.metrics.enabled &&
      bind(controlPlaneMetricsTask, {
        db,
        now,
        log: log("control-plane-metrics"),
        resolver: clusterRuntime.resolver,
        scraper: new KubeControlPlaneMetricsScraper(),
        memory: new CollectorMemory(),
        settings: { timeoutMs: config.metrics.scrapeTimeoutSeconds * 1_000, concurrency: config.metrics.scrapeConcurrency, retention: config.metrics.retention },
        rollup: { lastAt: undefined },
      }),
    bind(joinSessionTimeoutTask, { db, now, log: log("join-session-timeout"), timeoutSeconds: config.joinSessions.timeoutSeconds }),
    edge.enabled && edge.podCidrRoutes.mode === "local" && bind(localPodRoutesTask, { source: routeSources(), table: new IpRouteCli({ protocol: edge.podCidrRoutes.protocol }) }),
    edge.enabled && edge.podCidrRoutes.mode === "routeagent" && bind(routePlansTask, { source: routeSources(), store: hostRoutePlanStore(runtime) }),
    bind(retentionTask, { db, now, retention: config.retention }),
    bind(joinTokenCleanupTask(), {
      db,
      now,
      log: log("join-token-cleanup"),
      resolver: clusterRuntime.resolver,
      issuer: deps.join.issuer,
      retentionDays: config.joinTokenCleanup.retentionDays,
    }),
  ];
  return tasks.filter((task): task is BoundTask => task !== false);
}

/**
 * The HAProxy edge's deps; throws ConfigError (the process does not start) without the HAProxy's config path or master
 * socket. The host readers are made on first use: without a host kubeconfig the process still starts and each pass
 * reports loadHostKubeConfig's message (which setting to fix) as not applied.
 */
function controlPlaneEdgeDeps(runtime: Runtime) {
  const edge = requireHaproxyEdge(runtime.config);
  let readers: { nodePorts: KubeControlPlaneNodePorts; hostNodes: KubeHostNodeAddresses } | undefined;
  const host = () => {
    if (readers) return readers;
    const kubeConfig = loadHostKubeConfig({ kubeconfigPath: runtime.config.kubeconfigPath });
    return (readers = { nodePorts: new KubeControlPlaneNodePorts(kubeConfig), hostNodes: new KubeHostNodeAddresses(kubeConfig) });
  };
  return {
    db: runtime.deps.db,
    log: runtime.log.child({ component: "control-plane-edge" }),
    now: runtime.deps.now,
    nodePorts: { nodePort: (ref: Parameters<KubeControlPlaneNodePorts["nodePort"]>[0]) => host().nodePorts.nodePort(ref) },
    hostNodes: { list: () => host().hostNodes.list() },
    edgeWriter: new HaproxyConfigWriter({ bin: edge.haproxyBin, configPath: edge.configPath, masterSocketPath: edge.masterSocketPath }),
    haproxyOptions: haproxyOptionsFor(edge),
  };
}

/** The route plans on the host cluster, made on first use like the edge's readers (a missing kubeconfig is each pass's error). */
function hostRoutePlanStore(runtime: Runtime) {
  let store: KubeRoutePlanStore | undefined;
  const host = () => (store ??= new KubeRoutePlanStore(loadHostKubeConfig({ kubeconfigPath: runtime.config.kubeconfigPath })));
  return {
    listHostNodes: () => host().listHostNodes(),
    listPlans: () => host().listPlans(),
    apply: (nodeName: string, routes: Parameters<KubeRoutePlanStore["apply"]>[1]) => host().apply(nodeName, routes),
    delete: (nodeName: string) => host().delete(nodeName),
  };
}
