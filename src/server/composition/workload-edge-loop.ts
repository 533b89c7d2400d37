import { requireDatabaseUrl, requireWorkloadEdge, type Config } from "@/server/config/env";
import type { WorkloadEdgeSettings } from "@/server/domain/workload-edge/edge-plan";
import type { Db } from "@/server/infra/db/client";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { KubeManagedIngressControllerReader } from "@/server/infra/kube/managed-ingress-controller-reader";
import { KubeWorkloadEdgeObjectStore } from "@/server/infra/kube/workload-edge-object-store";
import { TcpConnectProbe } from "@/server/infra/net/tcp-connect-probe";
import type { Logger } from "@/server/observability/logger";
import type { KubeconfigResolver } from "@/server/services/clusters/kubeconfig-resolver";
import type { ExclusiveRunner } from "@/server/services/dns-automation/dns-provider";
import { requestWorkloadEdgeSync } from "@/server/services/workload-edge/request-workload-edge-sync";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "@/server/services/workload-edge/sync-workload-edge";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { errorMessage } from "./periodic-pass";
import type { Runtime } from "./runtime";

export interface WorkloadEdgeLoop {
  /** A pass soon, in any process (a cluster job just ended here); requests during a pass fold into one more. */
  requestPass(): void;
  stop(): Promise<void>;
}

/**
 * Runs syncWorkloadEdge every `intervalMs` on the leader only (one process converges the shared Gateway,
 * the others look again each interval and take over when it goes), and whenever requestPass() is called
 * in any process: those passes and the leader's are serialised by the pass lock. A failed pass is logged
 * when its message differs from the last one's and retried at the next tick; the pass itself logs the
 * status changes, so a steady edge writes no line.
 */
export function startWorkloadEdgeLoop(
  deps: WorkloadEdgeSyncDeps,
  options: { intervalMs: number; log: Logger; leadership: LoopLeadership; onPass?: (result: WorkloadEdgeSyncResult | Error) => void },
): WorkloadEdgeLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let requested = false;
  let stopped = false;
  let lastError: string | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(pass, ms);
    timer.unref?.();
  };
  const pass = () => {
    if (running) {
      again = true;
      return;
    }
    const onRequest = requested;
    requested = false;
    running = (async () => {
      try {
        if (onRequest || (await options.leadership.leads())) {
          const result = await syncWorkloadEdge(deps);
          if (lastError !== undefined) options.log.info("workload edge passes work again");
          lastError = undefined;
          options.onPass?.(result);
        }
      } catch (error) {
        const text = errorMessage(error);
        if (text !== lastError) options.log.warn("workload edge pass failed; retried at the next pass", { error: text });
        lastError = text;
        options.onPass?.(error instanceof Error ? error : new Error(text));
      }
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(options.intervalMs);
    })();
  };
  schedule(0);
  return {
    requestPass: () => {
      requested = true;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await options.leadership.close();
    },
  };
}

/** A pass waits at most this long for another process's pass; it then fails and the next tick retries. */
const PASS_WAIT_MS = 5 * 60_000;

/** The lock that runs workload edge passes one at a time across this database's processes. */
export function workloadEdgePassLock(config: Config, processName: string): ExclusiveRunner {
  return new PgSessionLock({
    connectionString: requireDatabaseUrl(config),
    key: sessionLocks.workloadEdgeSync,
    applicationName: `kubebyon workload edge (${processName})`,
    waitTimeoutMs: PASS_WAIT_MS,
  });
}

/** The syncer's settings from KUBEBYON_WORKLOAD_*; throws ConfigError (the process does not start) when half configured. */
export function workloadEdgeSettings(config: Pick<Config, "workloadEdge">): WorkloadEdgeSettings & { syncIntervalSeconds: number; probeTimeoutMs: number } {
  const edge = requireWorkloadEdge(config);
  const { name, namespace, listener } = edge.gateway;
  return {
    gateway: { name, namespace, sectionName: listener },
    tls: {
      enabled: edge.tls.enabled,
      // requireWorkloadEdge refuses TLS without an issuer name; with TLS off the issuer is never used.
      issuer: { kind: edge.tls.issuer.kind, name: edge.tls.issuer.name ?? "" },
      selfManaged: { enabled: edge.tls.selfManaged.enabled, issuerOverride: edge.tls.selfManaged.issuerOverride },
    },
    syncIntervalSeconds: edge.syncIntervalSeconds,
    probeTimeoutMs: edge.probeTimeoutMs,
  };
}

/**
 * The syncer's deps of one process, on its database, its cluster resolver and the host kubeconfig. The
 * host adapters are made on first use, like the control-plane edge's: without a host kubeconfig the process
 * still starts and each pass fails with loadHostKubeConfig's message (which setting to fix).
 */
export function workloadEdgeSyncDeps(parts: { config: Config; db: Db; log: Logger; now: () => Date; resolver: KubeconfigResolver; processName: string }): WorkloadEdgeSyncDeps {
  const { config, db, log, now, resolver } = parts;
  const settings = workloadEdgeSettings(config);
  let store: KubeWorkloadEdgeObjectStore | undefined;
  const host = () => (store ??= new KubeWorkloadEdgeObjectStore(loadHostKubeConfig({ kubeconfigPath: config.kubeconfigPath })));
  return {
    db,
    log,
    now,
    resolver,
    controllers: new KubeManagedIngressControllerReader(),
    probe: new TcpConnectProbe({ timeoutMs: settings.probeTimeoutMs }),
    store: {
      apply: (manifest) => host().apply(manifest),
      listOwned: () => host().listOwned(),
      delete: (object) => host().delete(object),
      certificateReadiness: (namespace, names) => host().certificateReadiness(namespace, names),
    },
    settings: { gateway: settings.gateway, tls: settings.tls },
    passLock: workloadEdgePassLock(config, parts.processName),
  };
}

/** "Sync now" for the request paths of a process (hostname bindings created or deleted); undefined with the workload edge off. */
export function workloadEdgeSyncHook(parts: Parameters<typeof workloadEdgeSyncDeps>[0]): (() => void) | undefined {
  if (!parts.config.workloadEdge.enabled) return undefined;
  const deps = workloadEdgeSyncDeps({ ...parts, log: parts.log.child({ component: "workload-edge" }) });
  return () => void requestWorkloadEdgeSync(deps);
}

/** The loop of a job-processing process (LOOPS); throws ConfigError when KUBEBYON_WORKLOAD_* is half configured. */
export function startRuntimeWorkloadEdgeLoop(runtime: Pick<Runtime, "deps" | "log" | "config" | "clusterRuntime" | "process">, owner: string): WorkloadEdgeLoop {
  const log = runtime.log.child({ component: "workload-edge" });
  const deps = workloadEdgeSyncDeps({ config: runtime.config, db: runtime.deps.db, log, now: runtime.deps.now, resolver: runtime.clusterRuntime.resolver, processName: runtime.process });
  return startWorkloadEdgeLoop(deps, {
    intervalMs: runtime.config.workloadEdge.syncIntervalSeconds * 1_000,
    log,
    leadership: loopLeadership(requireDatabaseUrl(runtime.config), "workload-edge", owner, log),
  });
}
