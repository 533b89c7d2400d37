import { z } from "zod";
import { podRouteSchema, type PodRoute } from "./pod-route";

/**
 * The route plan custom resource (workloadpodcidrnoderouteplans.kubebyon.io/v1alpha1, cluster-scoped):
 * one per host node, named after the node, written by the platform (server-side apply) and read by that
 * node's kubebyon-route-agent, which reports back in status.conditions. The CRD itself is
 * deployments/{single-node,multi-node}/helm/kubebyon/crds/workloadpodcidrnoderouteplans.yaml (identical copies;
 * installed into a real apiserver by infra/kube/route-plan-store.integration-test.ts).
 */
export const ROUTE_PLAN_GROUP = "kubebyon.io";
export const ROUTE_PLAN_VERSION = "v1alpha1";
export const ROUTE_PLAN_PLURAL = "workloadpodcidrnoderouteplans";
export const ROUTE_PLAN_KIND = "WorkloadPodCIDRNodeRoutePlan";
/** The label on every plan the platform writes, so it can find (and delete) the stale ones. */
export const ROUTE_PLAN_MANAGED_LABEL = "kubebyon.io/managed-by";
export const ROUTE_PLAN_MANAGED_VALUE = "kubebyon";

export const routePlanSpecSchema = z.object({ routes: z.array(podRouteSchema).default([]) });
export type RoutePlanSpec = z.infer<typeof routePlanSpecSchema>;

/** The plan document the platform applies for one host node. */
export function routePlanManifest(nodeName: string, routes: readonly PodRoute[]) {
  return {
    apiVersion: `${ROUTE_PLAN_GROUP}/${ROUTE_PLAN_VERSION}`,
    kind: ROUTE_PLAN_KIND,
    metadata: { name: nodeName, labels: { [ROUTE_PLAN_MANAGED_LABEL]: ROUTE_PLAN_MANAGED_VALUE } },
    spec: { routes: routes.map((r) => ({ destination: r.destination, gateway: r.gateway, clusterId: r.clusterId, nodeName: r.nodeName })) },
  };
}

export interface AppliedCondition {
  type: "Applied";
  status: "True" | "False";
  /** Converged | Blocked | Failed */
  reason: string;
  message: string;
  observedGeneration: number;
  /** RFC 3339; when `status` last changed (kept across writes that do not change it). */
  lastTransitionTime?: string;
}

/** The condition a writer must write again: anything but the transition time differs. */
export function sameAppliedCondition(a: AppliedCondition | null, b: AppliedCondition): boolean {
  return a !== null && a.status === b.status && a.reason === b.reason && a.message === b.message && a.observedGeneration === b.observedGeneration;
}
