import { requireDatabaseUrl, requireWorkloadEdge, type Config } from "@/server/config/env";
import type { WorkloadEdgeSettings } from "@/server/domain/workload-edge/edge-plan";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import type { Logger } from "@/server/observability/logger";
import type { ExclusiveRunner } from "@/server/services/dns-automation/dns-provider";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "@/server/services/workload-edge/sync-workload-edge";
import type { LoopLeadership } from "./loop-leadership";
import { errorMessage } from "./periodic-pass";

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
