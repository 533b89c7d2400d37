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
import type { TaskTriggers } from "@/server/services/background/task-triggers";
import { workloadEdgeTask } from "@/server/services/workload-edge/workload-edge.task";
import { requestWorkloadEdgeSync } from "@/server/services/workload-edge/request-workload-edge-sync";
import type { WorkloadEdgeSyncDeps } from "@/server/services/workload-edge/sync-workload-edge";

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
      readRouteStatus: (namespace, name) => host().readRouteStatus(namespace, name),
      readGatewayStatus: (namespace, name) => host().readGatewayStatus(namespace, name),
    },
    settings: { gateway: settings.gateway, tls: settings.tls },
    passLock: workloadEdgePassLock(config, parts.processName),
  };
}

/**
 * "Sync now" for the request paths of a process (hostname bindings created or deleted): the workload-edge task's
 * trigger where this process runs the background engine, a pass of its own otherwise; undefined with the edge off.
 */
export function workloadEdgeSyncHook(parts: Parameters<typeof workloadEdgeSyncDeps>[0] & { triggers: TaskTriggers }): (() => void) | undefined {
  if (!parts.config.workloadEdge.enabled) return undefined;
  const deps = workloadEdgeSyncDeps({ ...parts, log: parts.log.child({ component: "workload-edge" }) });
  return () => {
    if (!parts.triggers.trigger(workloadEdgeTask.name)) void requestWorkloadEdgeSync(deps);
  };
}
