import { z } from "zod";

/**
 * One route the platform wants on a host: the pod network of one joined node of one cluster, via that
 * node's address. The same shape is the route plan's spec.routes[] item (workloadpodcidrnoderouteplans),
 * so the platform and the route agent read it the same way.
 */
export const podRouteSchema = z.object({
  destination: z.string().min(1),
  gateway: z.string().min(1),
  clusterId: z.string().min(1),
  nodeName: z.string().min(1),
});
export type PodRoute = z.infer<typeof podRouteSchema>;

/** What the platform knows of one joined node: its cluster, name, spec.podCIDR(s) and InternalIP. */
export interface JoinedNodeRouteSource {
  clusterId: string;
  nodeName: string;
  /** spec.podCIDRs, or [spec.podCIDR] on an API server that only fills the singular field; empty when unassigned. */
  podCIDRs: readonly string[];
  /** The node's InternalIP, null when it reports none. */
  internalIp: string | null;
}

/** Why a node gets no route: the operator fixes the node (or the other cluster), the platform does not guess. */
export const podRouteRefusalReasons = ["no-pod-cidr", "no-internal-ip", "invalid-pod-cidr", "family-mismatch", "overlapping-pod-cidr"] as const;
export type PodRouteRefusalReason = (typeof podRouteRefusalReasons)[number];

export interface PodRouteRefusal {
  clusterId: string;
  nodeName: string;
  reason: PodRouteRefusalReason;
  message: string;
}

/** A route's identity on a host: one route per destination (the kernel's key in one table, metric 0). */
export const routeKey = (destination: string) => destination;
