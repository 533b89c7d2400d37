import type { NodeView } from "@/server/domain/nodes/node-view";
import { notifyNodeEvents } from "@/server/services/notifications/emitters";
import type { Cluster } from "@/server/infra/db/client";
import type { NodeOperationDeps } from "./node-operation-deps";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { resumeWaitingManagedIngress } from "@/server/services/clusters/resume-waiting-managed-ingress";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { observeBootstrapCsrs, type ObserveBootstrapCsrsDeps } from "./observe-bootstrap-csrs";
import type { NodeWatcher } from "./ports";
import { recordControlPlaneVersion } from "./record-control-plane-version";
import { recordNodeSnapshot } from "./record-node-snapshot";

/** `jobs`/`wakeups`: a Ready node starts the managed ingress install that waited for one. */
export interface ObserveClusterNodesDeps extends Pick<NodeOperationDeps, "db" | "log" | "now" | "resolver" | "nodeReader">, JobQueueDeps, ObserveBootstrapCsrsDeps {
  watcher: NodeWatcher;
  /** Runs after a snapshot that recorded events (the node health alerts evaluate that cluster at once); failures are logged. */
  afterNodeEvents?: (clusterId: string) => Promise<unknown>;
}

/**
 * Keeps one cluster's `nodes` snapshot and `node_events` in step with its API
 * server until `signal` aborts: a full list first (nodes removed while nobody
 * watched are then recorded as deleted), then the watch stream. Changes that
 * arrive within `settleMs` are recorded as one snapshot, so a burst of kubelet
 * status updates costs one transaction. After a watch error the list is read
 * again, because changes during the gap may not be replayed. A snapshot with a Ready node
 * starts the managed ingress reconcile of a cluster whose ingress waits for one.
 * Alongside, the cluster's bootstrap CSRs are watched for token provenance (observe-bootstrap-csrs.ts).
 * Throws when the cluster cannot be reached at all; the caller retries later.
 */
export async function observeClusterNodes(
  deps: ObserveClusterNodesDeps,
  cluster: Cluster,
  signal: AbortSignal,
  options: { settleMs: number; onBaselineRecorded?: () => void },
): Promise<void> {
  const { credentials } = await connectToCluster(deps, cluster);
  // Token provenance (the kubelets' bootstrap CSRs) is watched with the nodes and ends with them, however
  // this observation ends, so the observer's claim on the cluster covers both.
  const csrWatch = new AbortController();
  const csrs = observeBootstrapCsrs(deps, cluster.id, credentials, AbortSignal.any([signal, csrWatch.signal]));
  try {
    await observeNodes(deps, cluster, credentials, signal, options);
  } finally {
    csrWatch.abort();
    await csrs;
  }
}

async function observeNodes(
  deps: ObserveClusterNodesDeps,
  cluster: Cluster,
  credentials: ClusterCredentials,
  signal: AbortSignal,
  options: { settleMs: number; onBaselineRecorded?: () => void },
): Promise<void> {
  const nodes = new Map<string, NodeView>();
  const replaceAll = (list: readonly NodeView[]) => {
    nodes.clear();
    for (const node of list) nodes.set(node.name, node);
  };
  const recorder = new SettledRecorder(options.settleMs, async () => {
    const result = await recordNodeSnapshot(deps, cluster.id, [...nodes.values()]);
    for (const event of result.events) {
      deps.log.info("node event", { cluster_id: cluster.id, node: event.nodeName, type: event.type, reason: event.reason });
    }
    await notifyNodeEvents(deps, cluster, result.events);
    if (result.events.length > 0 && deps.afterNodeEvents) {
      await deps.afterNodeEvents(cluster.id).catch((error: unknown) => deps.log.warn("could not evaluate the node health alerts after node events; the periodic pass will", { cluster_id: cluster.id, error: errorMessage(error) }));
    }
    if ([...nodes.values()].some((n) => n.status === "ready")) await resumeManagedIngress(deps, cluster.id);
  }, (error) => deps.log.warn("could not record the node snapshot", { cluster_id: cluster.id, error: error.message }));

  await recordControlPlaneVersion(deps, cluster.id, credentials);
  replaceAll(await deps.nodeReader.list(credentials));
  await recorder.now();
  options.onBaselineRecorded?.();
  try {
    for await (const event of deps.watcher.watch(credentials, signal)) {
      if (event.type === "error") {
        deps.log.warn("node watch interrupted; re-reading the node list", { cluster_id: cluster.id, error: event.error.message });
        try {
          replaceAll(await deps.nodeReader.list(credentials));
          // A break is often a control-plane restart, e.g. an upgrade: read its version again.
          await recordControlPlaneVersion(deps, cluster.id, credentials);
        } catch (error) {
          deps.log.warn("could not re-read the node list; the watch keeps retrying", { cluster_id: cluster.id, error: errorMessage(error) });
          continue;
        }
      } else if (event.type === "DELETED") {
        nodes.delete(event.node.name);
      } else {
        nodes.set(event.node.name, event.node);
      }
      recorder.schedule();
    }
  } finally {
    await recorder.drain();
  }
}

/** Never fails the snapshot: the observer's rescan tries again (node-observer.ts). */
export async function resumeManagedIngress(deps: Pick<ObserveClusterNodesDeps, "db" | "log" | "jobs" | "wakeups">, clusterId: string): Promise<void> {
  try {
    await resumeWaitingManagedIngress(deps, clusterId);
  } catch (error) {
    deps.log.warn("could not start the managed ingress reconcile for a Ready node; retrying on the next rescan", { cluster_id: clusterId, error: errorMessage(error) });
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `record` at most once per `settleMs` and never twice at the same time; a change during a run schedules another. */
class SettledRecorder {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private dirty = false;

  constructor(
    private readonly settleMs: number,
    private readonly record: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => void this.run(), this.settleMs);
  }

  /** Records at once and waits, surfacing a failure to the caller. */
  async now(): Promise<void> {
    this.dirty = false;
    await this.record();
  }

  /** Waits for a run in progress and records what is still pending. */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    if (this.dirty) await this.run();
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.dirty = false;
    this.running = this.record()
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.running = null;
        if (this.dirty) this.schedule();
      });
    await this.running;
  }
}
