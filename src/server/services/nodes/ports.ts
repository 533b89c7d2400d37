import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { BootstrapCsr } from "@/server/domain/join-sessions/bootstrap-csr";
import type { DrainOptions, DrainRefusal } from "@/server/domain/nodes/drain-preflight";
import type { DrainReport } from "@/server/domain/nodes/drain-report";
import type { NodeView } from "@/server/domain/nodes/node-view";

/** One page of the API server's own node list, in its order (by name). */
export interface NodePage {
  items: NodeView[];
  /** The list's `metadata.continue`: pass it back for the next page; null on the last one. */
  continueToken: string | null;
}

/** Live nodes of one cluster, read from its API server (never from the `nodes` table). */
export interface NodeReader {
  /** Every node at once (the node observer's baseline). */
  list(credentials: ClusterCredentials): Promise<NodeView[]>;
  /**
   * At most `limit` nodes after `continueToken`, with the API server's `limit`/`continue`. A token the server
   * refuses (malformed, or expired: 410 Gone) is a BAD_REQUEST that says to start again without it.
   */
  listPage(credentials: ClusterCredentials, page: { limit: number; continueToken?: string }): Promise<NodePage>;
  /** null when the node does not exist. */
  get(credentials: ClusterCredentials, name: string): Promise<NodeView | null>;
}

export interface DrainRequest {
  credentials: ClusterCredentials;
  node: string;
  /** Overall budget for evictions (PDB retries included) and for evicted pods to go away. */
  timeoutMs: number;
  /** kubectl drain's --force / --delete-emptydir-data; DaemonSet Pods are always left alone (--ignore-daemonsets). */
  options: DrainOptions;
  signal?: AbortSignal;
}

/** Either the drain ran (per-pod report) or it was refused before anything changed. */
export type DrainOutcome = { report: DrainReport } | { refused: DrainRefusal };

/** The node operations of the console (运维操作): cordon, uncordon, drain, delete. */
export interface NodeOperator {
  cordon(credentials: ClusterCredentials, node: string): Promise<void>;
  uncordon(credentials: ClusterCredentials, node: string): Promise<void>;
  /**
   * Refuses (changing nothing) when Pods the options do not allow are on the node;
   * otherwise cordons, then evicts, with per-pod outcomes instead of a throw when some pods cannot leave.
   */
  drain(request: DrainRequest): Promise<DrainOutcome>;
  /** Removes the Node object; a node that is already gone counts as deleted. */
  delete(credentials: ClusterCredentials, node: string): Promise<void>;
}

export type NodeWatchEvent =
  | { type: "ADDED" | "MODIFIED" | "DELETED"; node: NodeView }
  | { type: "error"; error: Error };

/**
 * A long-lived stream of node changes. It reconnects by itself (resuming from
 * the last resourceVersion) and reports failures as `error` events; it ends
 * only when `signal` aborts.
 */
export interface NodeWatcher {
  watch(credentials: ClusterCredentials, signal: AbortSignal): AsyncIterable<NodeWatchEvent>;
}

/**
 * Exclusive, process-wide claims on clusters, so that across every web and
 * worker process exactly one node observer watches a given cluster. A claim
 * lives as long as the holder's database session: when the holder dies, its
 * claims free themselves and another process takes over on its next scan.
 */
export interface ObserverClaims {
  /** true when this process now holds (or already held) the claim. */
  tryClaim(clusterId: string): Promise<boolean>;
  release(clusterId: string): Promise<void>;
  /** Called when every claim was lost at once (the session holding them ended). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export type BootstrapCsrWatchEvent = { type: "csr"; csr: BootstrapCsr } | { type: "error"; error: Error };

/**
 * The kubelets' bootstrap CSRs of one cluster (token provenance): every existing one first, then new ones; only
 * CSRs a bootstrap token made for the kubelet client signer with a `system:node:<name>` subject. After a history
 * gap it replays them all, so the consumer must be idempotent. Reconnects by itself, reports failures as
 * `error` events and ends only when `signal` aborts.
 */
export interface BootstrapCsrWatcher {
  watch(credentials: ClusterCredentials, signal: AbortSignal): AsyncIterable<BootstrapCsrWatchEvent>;
}
