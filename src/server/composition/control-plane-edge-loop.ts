import { requireHaproxyEdge, type Config } from "@/server/config/env";
import { DEFAULT_HAPROXY_OPTIONS, type HaproxyConfigOptions } from "@/server/domain/control-plane-edge/haproxy-config";
import { HaproxyConfigWriter } from "@/server/infra/haproxy/haproxy-config-writer";
import { KubeControlPlaneNodePorts } from "@/server/infra/kube/control-plane-node-ports";
import { KubeHostNodeAddresses } from "@/server/infra/kube/host-node-addresses";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import type { Logger } from "@/server/observability/logger";
import { syncControlPlaneEdge, type ControlPlaneEdgeSyncDeps, type ControlPlaneEdgeSyncResult } from "@/server/services/control-plane-edge/sync-control-plane-edge";
import { errorMessage } from "./periodic-pass";
import { startSerialLoop } from "./serial-loop";
import type { Runtime } from "./runtime";

/** The last pass of this process's edge loop (what the edge serves now, as far as this process knows). */
export interface EdgePassReport {
  at: Date;
  /** `failed`: the pass threw (HAProxy refused the file or the reload, the database did not answer). */
  outcome: ControlPlaneEdgeSyncResult["outcome"] | "failed";
  served: number;
  skipped: number;
  /** Why the pass failed or was not applied; undefined when it was applied. */
  error: string | undefined;
}

export interface ControlPlaneEdgeLoop {
  /** A pass soon; requests while one runs are folded into one more pass after it. */
  requestPass(): void;
  lastPass(): EdgePassReport | undefined;
  stop(): Promise<void>;
}

const reportOf = (at: Date, result: ControlPlaneEdgeSyncResult): EdgePassReport => ({
  at,
  outcome: result.outcome,
  served: result.served.length,
  skipped: result.skipped.length,
  error: result.outcome === "not-applied" ? result.reason : undefined,
});

/** What makes two passes "the same" for the log: which clusters are served or skipped and why, and a failure. */
function signature(report: EdgePassReport, result: ControlPlaneEdgeSyncResult | undefined): string {
  const served = result?.served.map((s) => `${s.clusterId}=${s.hostname}:${s.nodePort}/${s.backends.length}`) ?? [];
  const skipped = result?.skipped.map((s) => `${s.clusterId}:${s.reason}`) ?? [];
  const kind = report.outcome === "changed" || report.outcome === "unchanged" ? "applied" : report.outcome;
  return JSON.stringify([kind, report.error ?? null, served, skipped]);
}

/**
 * Runs syncControlPlaneEdge at start, every `intervalMs` and whenever requestPass() is called (cluster
 * jobs finishing in this process), one pass at a time. It is not leader-gated: every job-processing
 * process drives its own local HAProxy (docs/control-plane-edge.md "Runtime"). A failed pass is logged and
 * the next tick retries it. The outcome is logged only when it differs from the previous pass's (which
 * clusters are served or skipped and why, or the failure), so a steady edge writes no line every tick.
 */
export function startControlPlaneEdgeLoop(deps: ControlPlaneEdgeSyncDeps, options: { intervalMs: number; log: Logger; now?: () => Date }): ControlPlaneEdgeLoop {
  const now = options.now ?? (() => new Date());
  let last: EdgePassReport | undefined;
  let lastSignature: string | undefined;

  const record = (report: EdgePassReport, result: ControlPlaneEdgeSyncResult | undefined) => {
    last = report;
    const sig = signature(report, result);
    if (sig === lastSignature) return;
    lastSignature = sig;
    const fields = { outcome: report.outcome, served: report.served, skipped: report.skipped, ...(report.error ? { error: report.error } : {}) };
    if (report.outcome === "failed" || report.outcome === "not-applied") options.log.warn("control-plane edge pass did not apply; retried at the next pass", fields);
    else options.log.info("control-plane edge pass", { ...fields, skipped_clusters: result?.skipped.map((s) => ({ cluster_id: s.clusterId, reason: s.reason })) });
  };
  const loop = startSerialLoop(async () => {
    try {
      const result = await syncControlPlaneEdge(deps);
      record(reportOf(now(), result), result);
    } catch (error) {
      record({ at: now(), outcome: "failed", served: 0, skipped: 0, error: errorMessage(error) }, undefined);
    }
    return options.intervalMs;
  });
  return {
    requestPass: () => loop.requestPass(),
    lastPass: () => last,
    stop: () => loop.stop(),
  };
}

/** The edge options from the deployment's settings: bind address, stats socket; the rest are the renderer's defaults. */
export function haproxyOptionsFor(edge: Config["controlPlaneEdge"]): HaproxyConfigOptions {
  return { ...DEFAULT_HAPROXY_OPTIONS, bind: edge.bind, ...(edge.statsSocketPath ? { statsSocketPath: edge.statsSocketPath } : {}) };
}

/**
 * The loop of a job-processing process with provider haproxy, on the runtime's database, the host
 * cluster's kubeconfig and the local HAProxy named by KUBEBYON_HAPROXY_*; throws ConfigError (the
 * process does not start) when the HAProxy's config path or master socket is not set.
 */
export function startRuntimeControlPlaneEdgeLoop(runtime: Pick<Runtime, "deps" | "log" | "config">): ControlPlaneEdgeLoop {
  const edge = requireHaproxyEdge(runtime.config);
  const log = runtime.log.child({ component: "control-plane-edge" });
  // Made on first use, like the cluster runtime's adapters: without a host kubeconfig the process still starts and
  // each pass reports loadHostKubeConfig's message (which setting to fix) as not applied.
  let readers: { nodePorts: KubeControlPlaneNodePorts; hostNodes: KubeHostNodeAddresses } | undefined;
  const host = () => {
    if (readers) return readers;
    const kubeConfig = loadHostKubeConfig({ kubeconfigPath: runtime.config.kubeconfigPath });
    return (readers = { nodePorts: new KubeControlPlaneNodePorts(kubeConfig), hostNodes: new KubeHostNodeAddresses(kubeConfig) });
  };
  return startControlPlaneEdgeLoop(
    {
      db: runtime.deps.db,
      log,
      now: runtime.deps.now,
      nodePorts: { nodePort: (ref) => host().nodePorts.nodePort(ref) },
      hostNodes: { list: () => host().hostNodes.list() },
      edgeWriter: new HaproxyConfigWriter({ bin: edge.haproxyBin, configPath: edge.configPath, masterSocketPath: edge.masterSocketPath }),
      haproxyOptions: haproxyOptionsFor(edge),
    },
    { intervalMs: edge.syncIntervalSeconds * 1_000, log },
  );
}
