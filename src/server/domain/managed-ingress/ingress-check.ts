import type { ManagedIngressControllerProfile } from "./controller-profile";

/**
 * The periodic re-check of a `ready` managed ingress (docs/managed-ingress.md "Re-check"): what the platform read
 * inside the vCluster, and the judgement of it. A tenant owns the vCluster and may delete or change what the chart
 * installed; the status shown to users must follow (level-triggered), with a reason that says what is gone and what
 * to do.
 */

/** What one read of the vCluster found; null: the object does not exist. */
export interface ManagedIngressObservation {
  /** helm's newest release record of the profile's release (its storage Secret's labels). */
  release: { revision: number; status: string } | null;
  /** The controller Deployment: `available` is its Available condition being True. */
  deployment: { replicas: number; availableReplicas: number; available: boolean; message?: string } | null;
  /** The controller Service: its type, and how many of its ports have a NodePort. */
  service: { type: string; ports: number; nodePorts: number } | null;
  ingressClass: { controller: string } | null;
}

export type ManagedIngressProblem =
  | "release_missing"
  | "release_not_deployed"
  | "deployment_missing"
  | "deployment_unavailable"
  | "service_missing"
  | "service_changed"
  | "ingress_class_missing"
  | "ingress_class_changed";

export type ManagedIngressJudgement = { healthy: true } | { healthy: false; problem: ManagedIngressProblem; reason: string };

/**
 * Every reason the check writes to managed_workload_ingress_last_error starts so. It tells users where the error
 * came from, and the check recognises its own errors by it: only those it turns back to `ready` when the objects
 * are healthy again (an error a reconcile wrote stays until the user asks again).
 */
export const CHECK_FINDING_LEAD = "The periodic check found that ";

export const isCheckFinding = (lastError: string | null | undefined): boolean => lastError?.startsWith(CHECK_FINDING_LEAD) ?? false;

const RETRY = "press Retry to reinstall it.";

/**
 * The first thing that is broken, most telling first: a missing release usually means the whole install is gone
 * (uninstalled, or its namespace deleted), so it is named rather than each object it took with it.
 */
export function judgeManagedIngress(profile: ManagedIngressControllerProfile, seen: ManagedIngressObservation): ManagedIngressJudgement {
  const { namespace, releaseName, readiness } = profile;
  const release = `the Helm release ${namespace}/${releaseName}`;
  const deployment = `the ingress controller Deployment ${namespace}/${readiness.deployment}`;
  const service = `the ingress controller Service ${namespace}/${readiness.service.name}`;
  const ingressClass = `the IngressClass ${readiness.ingressClass.name}`;
  const broken = (problem: ManagedIngressProblem, finding: string): ManagedIngressJudgement => ({ healthy: false, problem, reason: `${CHECK_FINDING_LEAD}${finding}` });

  if (!seen.release) return broken("release_missing", `${release} is missing in the cluster (uninstalled, or namespace ${namespace} deleted?); ${RETRY}`);
  if (seen.release.status !== "deployed") {
    return broken("release_not_deployed", `${release} is ${seen.release.status} (revision ${seen.release.revision}), not deployed; ${RETRY}`);
  }
  if (!seen.deployment) return broken("deployment_missing", `${deployment} is missing in the cluster (deleted?); ${RETRY}`);
  if (!seen.deployment.available) {
    const counts = `${seen.deployment.availableReplicas} of ${seen.deployment.replicas} replicas available${seen.deployment.message ? `: ${seen.deployment.message}` : ""}`;
    return broken("deployment_unavailable", `${deployment} is not available (${counts}); its pods need a Ready node: check the cluster's nodes, or ${RETRY}`);
  }
  if (!seen.service) return broken("service_missing", `${service} is missing in the cluster (deleted?); ${RETRY}`);
  if (seen.service.type !== readiness.service.type || seen.service.ports === 0 || seen.service.nodePorts !== seen.service.ports) {
    return broken("service_changed", `${service} is of type ${seen.service.type} with ${seen.service.nodePorts} of ${seen.service.ports} ports on a NodePort, expected ${readiness.service.type} on every port (changed?); ${RETRY}`);
  }
  if (!seen.ingressClass) {
    return broken("ingress_class_missing", `${ingressClass} is missing in the cluster (deleted?), so Ingresses of that class are not served; ${RETRY}`);
  }
  if (seen.ingressClass.controller !== readiness.ingressClass.controller) {
    return broken("ingress_class_changed", `${ingressClass} names controller ${seen.ingressClass.controller}, expected ${readiness.ingressClass.controller} (changed?); ${RETRY}`);
  }
  return { healthy: true };
}
