import { requireDatabaseUrl } from "@/server/config/env";
import type { Logger } from "@/server/observability/logger";
import { JobRunner } from "@/server/services/jobs/job-runner";
import { startRuntimeAdmissionWebhookLoop } from "./admission-webhook-loop";
import { startAbandonedOperationSweeper } from "./abandoned-operation-sweeper";
import { startRuntimeControlPlaneEdgeLoop } from "./control-plane-edge-loop";
import { startRuntimeControlPlaneMetricsLoop } from "./control-plane-metrics-loop";
import { startDnsCheckLoop } from "./dns-check-loop";
import { createJobHandlerRegistry, type JobHandlerHooks } from "./job-handlers";
import { startRuntimeJoinTokenCleanupLoop } from "./join-token-cleanup-loop";
import { startRuntimeJoinSessionTimeoutLoop } from "./join-session-timeout-loop";
import { startRuntimeKubeconfigCleanupLoop } from "./kubeconfig-cleanup-loop";
import { startRuntimeDnsSyncLoop } from "./dns-sync-loop";
import { loopLeadership } from "./loop-leadership";
import { startRuntimeNodeAlertLoop } from "./node-alert-loop";
import { createNodeObserver } from "./node-observer";
import { startRuntimePodRouteLoop } from "./pod-route-loop";
import { startRuntimeRoutePlanLoop } from "./route-plan-loop";
import { startRuntimeWorkloadEdgeLoop } from "./workload-edge-loop";
import { startNotificationDispatcher } from "./notification-dispatcher";
import { CONTROL_PLANE_RERENDER_INTERVAL_MS, startControlPlaneRerenderLoop } from "./control-plane-rerender-loop";
import type { Runtime } from "./runtime";

/** A background loop of a job-processing process, started with the runtime and the process's owner name. */
export interface BackgroundLoop {
  name: string;
  stop(): Promise<void>;
}

/** What the job runner of a process tells that process's loops. */
export interface JobProcessingEvents {
  /** `listener` runs whenever a cluster create/update/delete/managed-ingress job ends (done or failed) in this process. */
  onClusterLifecycleJob(listener: () => void): void;
}

/** Undefined: the loop is off in this deployment (e.g. the HAProxy edge with another provider). */
type StartLoop = (runtime: Runtime, owner: string, events: JobProcessingEvents) => Promise<BackgroundLoop | undefined> | BackgroundLoop | undefined;

/** Leases cluster jobs (woken by the runtime's wake-ups: in memory in single-node mode, RabbitMQ otherwise). */
export async function startJobRunner(runtime: Runtime, owner: string, hooks: JobHandlerHooks = {}): Promise<BackgroundLoop & { runner: JobRunner }> {
  const { config, deps, log, clusterRuntime } = runtime;
  const runner = new JobRunner({
    store: deps.jobs,
    registry: createJobHandlerRegistry(clusterRuntime, hooks),
    wakeups: deps.wakeups,
    owner,
    leaseMs: config.jobLeaseSeconds * 1_000,
    pollIntervalMs: config.jobPollIntervalMs,
    concurrency: config.jobConcurrency,
    logger: log.child({ component: "job-runner" }),
    metrics: runtime.metrics.jobs,
  });
  await runner.start();
  return { name: "job runner", runner, stop: () => runner.stop() };
}

/**
 * What a job-processing process runs beside the job runner, in start order.
 * Adding a loop is one line here; the web process (single-node mode) and the
 * worker both start this list through startJobProcessing.
 */
const LOOPS: readonly StartLoop[] = [
  (runtime, owner) => {
    const observer = createNodeObserver(runtime, owner);
    observer.start();
    return { name: "node observer", stop: () => observer.stop() };
  },
  // Leader-gated: node health alerts (docs/cluster-runtime.md "Node health alerts"); the observer also evaluates a cluster right after its node events.
  (runtime, owner) => ({ name: "node health alerts", stop: startRuntimeNodeAlertLoop(runtime, owner) }),
  (runtime) => ({ name: "abandoned-operation sweeper", stop: startAbandonedOperationSweeper(runtime) }),
  (runtime) => ({ name: "notification dispatcher", stop: startNotificationDispatcher(runtime) }),
  (runtime, owner) => ({
    name: "hostname-binding DNS check",
    stop: startDnsCheckLoop(runtime, runtime.config.dnsCheck.intervalSeconds * 1_000, loopLeadership(requireDatabaseUrl(runtime.config), "dns-check", owner, runtime.log)),
  }),
  (runtime, owner) => ({ name: "DNS automation", stop: startRuntimeDnsSyncLoop(runtime, owner).stop }),
  // Not leader-gated: each job-processing process drives its own local HAProxy (docs/control-plane-edge.md "Runtime").
  (runtime, _owner, events) => {
    if (runtime.config.publicAccessProvider !== "haproxy") return undefined;
    const edge = startRuntimeControlPlaneEdgeLoop(runtime);
    events.onClusterLifecycleJob(() => edge.requestPass());
    return { name: "control-plane edge", stop: () => edge.stop() };
  },
  // Leader-gated: one process converges the shared workload Gateway; a cluster job ending anywhere asks for a pass.
  (runtime, owner, events) => {
    if (!runtime.config.workloadEdge.enabled) return undefined;
    const edge = startRuntimeWorkloadEdgeLoop(runtime, owner);
    events.onClusterLifecycleJob(() => edge.requestPass());
    return { name: "workload edge", stop: () => edge.stop() };
  },
  // Leader-gated; runs with the webhook off too (then it removes what it applied). A cluster job ending asks for a pass.
  (runtime, owner, events) => {
    const admission = startRuntimeAdmissionWebhookLoop(runtime, owner);
    events.onClusterLifecycleJob(() => admission.requestPass());
    return { name: "admission webhook configuration", stop: () => admission.stop() };
  },
  // Leader-gated: removes the ServiceAccounts of expired kubeconfigs from their vClusters (docs/cluster-access.md).
  (runtime, owner) => {
    const cleanup = startRuntimeKubeconfigCleanupLoop(runtime, owner);
    return { name: "kubeconfig cleanup", stop: () => cleanup.stop() };
  },
  (runtime, owner) => ({
    name: "outdated control-plane re-render",
    stop: startControlPlaneRerenderLoop(runtime, CONTROL_PLANE_RERENDER_INTERVAL_MS, loopLeadership(requireDatabaseUrl(runtime.config), "control-plane-rerender", owner, runtime.log)),
  }),
  // Leader-gated: one process scrapes every ready cluster's API server (docs/metrics.md); off with KUBEBYON_METRICS_ENABLED=false.
  (runtime, owner) => {
    const stop = startRuntimeControlPlaneMetricsLoop(runtime, owner);
    return stop && { name: "control-plane metrics", stop };
  },
  // Leader-gated: quiet join sessions end as timed_out (docs/join-sessions.md).
  (runtime, owner) => {
    const loop = startRuntimeJoinSessionTimeoutLoop(runtime, owner);
    return { name: "join session timeout", stop: () => loop.stop() };
  },
  // PodCIDR routes (docs/workload-edge-podcidr-routes.md): local mode on every process's own host, not
  // leader-gated; routeagent mode writes the plans from the leader only.
  (runtime, owner) => {
    const edge = runtime.config.workloadEdge;
    if (!edge.enabled) return undefined;
    if (edge.podCidrRoutes.mode === "local") return { name: "PodCIDR routes (local)", stop: startRuntimePodRouteLoop(runtime) };
    if (edge.podCidrRoutes.mode === "routeagent") return { name: "PodCIDR route plans", stop: startRuntimeRoutePlanLoop(runtime, owner) };
    return undefined;
  },
  // Leader-gated: expired, used-up and revoked join tokens leave the vClusters, then the database (docs/join-tokens.md "Cleanup").
  (runtime, owner) => {
    const cleanup = startRuntimeJoinTokenCleanupLoop(runtime, owner);
    return { name: "join token cleanup", stop: () => cleanup.stop() };
  },
];

export interface JobProcessing {
  runner: JobRunner;
  /** What the worker's /readyz reports: the job runner leasing, the background loops started and not stopped. */
  running(): { jobRunner: boolean; background: boolean };
  /** Stops every loop, last started first; each waits for its work in progress (the runner bounded by its grace). */
  stop(): Promise<void>;
}

/**
 * Starts the job runner, then every loop of LOOPS. When one fails to start,
 * the ones already running are stopped before the error is rethrown.
 */
export async function startJobProcessing(runtime: Runtime, owner: string): Promise<JobProcessing> {
  const lifecycleListeners: Array<() => void> = [];
  const events: JobProcessingEvents = { onClusterLifecycleJob: (listener) => lifecycleListeners.push(listener) };
  const jobRunner = await startJobRunner(runtime, owner, { afterClusterLifecycleJob: () => lifecycleListeners.forEach((listener) => listener()) });
  const running: BackgroundLoop[] = [jobRunner];
  try {
    for (const start of LOOPS) {
      const loop = await start(runtime, owner, events);
      if (loop) running.push(loop);
    }
  } catch (error) {
    await stopAll(running, runtime.log);
    throw error;
  }
  let loopsStopped = false;
  return {
    runner: jobRunner.runner,
    running: () => ({ jobRunner: jobRunner.runner.isRunning(), background: !loopsStopped }),
    stop: () => {
      loopsStopped = true;
      return stopAll(running, runtime.log);
    },
  };
}

async function stopAll(loops: BackgroundLoop[], log: Logger): Promise<void> {
  for (const loop of [...loops].reverse()) {
    await loop.stop().catch((error: unknown) => log.error(`${loop.name} did not stop cleanly`, { err: error }));
  }
  loops.length = 0;
}
