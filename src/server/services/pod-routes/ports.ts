import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { InstalledRoutes } from "@/server/domain/pod-routes/diff-pod-routes";
import type { AppliedCondition } from "@/server/domain/pod-routes/route-plan-resource";
import type { JoinedNodeRouteSource, PodRoute } from "@/server/domain/pod-routes/pod-route";

/** One host's routing table, as far as the platform's marker goes (iproute2 in the host or a network namespace). */
export interface HostRouteTable {
  /** The table's routes, split into the ones carrying the marker and the rest. */
  list(): Promise<InstalledRoutes>;
  /** Adds the route with the marker, or changes the gateway of the marked route to that destination. */
  replace(route: PodRoute): Promise<void>;
  /** Deletes the marked route to this destination (a route without the marker is never matched). */
  delete(destination: string): Promise<void>;
}

/** The joined nodes of one cluster, read from the cluster's own API server. */
export interface JoinedNodeRouteReader {
  list(clusterId: string, credentials: ClusterCredentials): Promise<JoinedNodeRouteSource[]>;
}

/** Where the desired routes come from: every joined node of every cluster with the workload edge. */
export interface JoinedNodeRouteSourceList {
  list(): Promise<{ nodes: JoinedNodeRouteSource[]; unreadable: Array<{ clusterId: string; message: string }> }>;
}

/** A plan the platform wrote, as found on the host: named after its node, with the routes of its spec. */
export interface StoredRoutePlan {
  nodeName: string;
  routes: PodRoute[];
}

/** The route plans of routeagent mode, one per host node (workloadpodcidrnoderouteplans). */
export interface RoutePlanStore {
  /** Names of the host cluster's Nodes (each gets a plan). */
  listHostNodes(): Promise<string[]>;
  /** The plans the platform wrote (its label), with their routes: what a pass compares against and carries over. */
  listPlans(): Promise<StoredRoutePlan[]>;
  apply(nodeName: string, routes: readonly PodRoute[]): Promise<void>;
  /** Deletes the plan; one already gone is not an error. */
  delete(nodeName: string): Promise<void>;
}

/** The route agent's own plan as read: its routes, generation and the Applied condition last written. */
export interface NodeRoutePlan {
  routes: PodRoute[];
  generation: number;
  applied: AppliedCondition | null;
}

/** Something happened to the watched plan (or the watch reconnected): read it again; or the watch failed. */
export type NodeRoutePlanEvent = { type: "changed" } | { type: "error"; error: Error };

/** The route agent's own plan: read, watched, and its status written back. */
export interface NodeRoutePlanAccess {
  /** null when the plan does not exist (no routes wanted on this node). */
  read(): Promise<NodeRoutePlan | null>;
  /** Writes status.conditions[Applied] through the status subresource. */
  writeStatus(condition: AppliedCondition): Promise<void>;
  /** Until `signal` aborts: an event per change of the plan, reconnecting (with backoff) after failures. */
  changes(signal: AbortSignal): AsyncIterable<NodeRoutePlanEvent>;
}
