import type { Cluster } from "@/server/infra/db/client";
import { observeClusterNodes, resumeManagedIngress, type ObserveClusterNodesDeps } from "./observe-cluster-nodes";
import type { ObserverClaims } from "./ports";

export interface NodeObserverDeps extends ObserveClusterNodesDeps {
  claims: ObserverClaims;
}

export interface NodeObserverOptions {
  /** Node changes arriving within this window are recorded as one snapshot. Default 250 ms. */
  settleMs?: number;
}

interface Observation {
  /** What the connection was built from; a change (mode switch, new host) means reconnecting. */
  endpointKey: string;
  abort: AbortController;
  done: Promise<void>;
  /** The first full node list is recorded and the watch runs. */
  watching: boolean;
}

/** Clusters whose control plane can be reached (connectToCluster accepts exactly these). */
const OBSERVABLE_STATUSES = ["ready", "updating"] as const;

function endpointKeyOf(cluster: Cluster): string {
  return [cluster.publicAccessEnabled, cluster.publicAccessMode, cluster.controlPlaneHost, cluster.apiEndpoint, cluster.publicAccessPort].join("|");
}

/**
 * The node observer of the architecture (current-architecture §3.3): watches
 * the nodes of every reachable cluster and writes the `nodes` snapshot and
 * `node_events`. Every process that runs jobs runs one; the claims make sure
 * each cluster has exactly one watcher across them. It reacts to clusters
 * appearing, leaving `ready`, or changing endpoint on its periodic rescan.
 * A Ready node starts the managed ingress install that waited for one; the
 * rescan asks again for the clusters it watches, because a node may have
 * turned Ready while the job that found none was still finishing.
 */
export class NodeObserver {
  private readonly observations = new Map<string, Observation>();
  /** Last failure per cluster, so a broken cluster is logged once per new error rather than on every rescan. */
  private readonly lastFailure = new Map<string, string>();
  private scanning: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: NodeObserverDeps,
    private readonly options: NodeObserverOptions,
  ) {
    deps.claims.onLost((error) => {
      deps.log.warn("lost the node observer claims; stopping every watch until the next rescan", { error: error.message });
      for (const id of [...this.observations.keys()]) this.unobserve(id, { release: false });
    });
  }

  /** The clusters this process is watching right now (their current node list already recorded). */
  observedClusterIds(): string[] {
    return [...this.observations].filter(([, o]) => o.watching).map(([id]) => id).sort();
  }

  /** One pass over the clusters; concurrent calls share the pass in progress, and its failure (the database). */
  rescan(): Promise<void> {
    this.scanning ??= this.scan().finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.scanning?.catch(() => undefined);
    const pending = [...this.observations.keys()].map((id) => this.unobserve(id, { release: true }));
    await Promise.all(pending);
    await this.deps.claims.close();
  }

  private async scan(): Promise<void> {
    if (this.stopped) return;
    const clusters = await this.deps.db.cluster.findMany({ where: { status: { in: [...OBSERVABLE_STATUSES] } } });
    const wanted = new Map(clusters.map((c) => [c.id, c]));

    for (const [id, observation] of this.observations) {
      const cluster = wanted.get(id);
      if (!cluster || endpointKeyOf(cluster) !== observation.endpointKey) await this.unobserve(id, { release: !cluster });
    }
    for (const cluster of clusters) {
      if (this.stopped) return;
      if (this.observations.has(cluster.id)) continue;
      if (!(await this.deps.claims.tryClaim(cluster.id))) continue;
      this.observe(cluster);
    }
    for (const id of this.lastFailure.keys()) if (!wanted.has(id)) this.lastFailure.delete(id);
    for (const cluster of clusters) {
      const waiting = cluster.status === "ready" && cluster.managedWorkloadIngressEnabled && cluster.managedWorkloadIngressStatus === "provisioning";
      if (waiting && this.observations.get(cluster.id)?.watching) await resumeManagedIngress(this.deps, cluster.id);
    }
  }

  private observe(cluster: Cluster): void {
    const abort = new AbortController();
    const observation: Observation = { endpointKey: endpointKeyOf(cluster), abort, done: Promise.resolve(), watching: false };
    const settleMs = this.options.settleMs ?? 250;
    observation.done = observeClusterNodes(this.deps, cluster, abort.signal, { settleMs, onBaselineRecorded: () => (observation.watching = true) }).then(
      () => {
        this.lastFailure.delete(cluster.id);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (this.lastFailure.get(cluster.id) !== message) {
          this.deps.log.warn("cannot observe the cluster's nodes; retrying on the next rescan", { cluster_id: cluster.id, error: message });
          this.lastFailure.set(cluster.id, message);
        }
      },
    ).finally(() => {
      // Ended by itself (unreachable cluster): forget it so the next rescan starts over.
      if (this.observations.get(cluster.id)?.abort === abort) {
        this.observations.delete(cluster.id);
        void this.deps.claims.release(cluster.id).catch(() => undefined);
      }
    });
    this.observations.set(cluster.id, observation);
    this.deps.log.info("observing the cluster's nodes", { cluster_id: cluster.id });
  }

  private async unobserve(id: string, options: { release: boolean }): Promise<void> {
    const observation = this.observations.get(id);
    if (!observation) return;
    this.observations.delete(id);
    observation.abort.abort();
    await observation.done;
    if (options.release) await this.deps.claims.release(id).catch(() => undefined);
  }
}
