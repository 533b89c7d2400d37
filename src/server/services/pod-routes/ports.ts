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

/** The route plans of routeagent mode, one per host node (workloadpodcidrnoderouteplans). */
export interface RoutePlanStore {
  /** Names of the host cluster's Nodes (each gets a plan). */
  listHostNodes(): Promise<string[]>;
  /** Names of the plans the platform wrote (its label). */
  listPlans(): Promise<string[]>;
  apply(nodeName: string, routes: readonly PodRoute[]): Promise<void>;
  delete(nodeName: string): Promise<void>;
}

/** The route agent's own plan: read, watched, and its status written back. */
export interface NodeRoutePlanAccess {
  /** null when the plan does not exist (no routes wanted on this node). */
  read(): Promise<{ routes: PodRoute[]; generation: number } | null>;
  writeStatus(condition: AppliedCondition): Promise<void>;
}
