import { compareQuantities, parseQuantity, type Quantity } from "@/server/domain/billing/quantities";
import type { AdmissionPolicy } from "./admission-policy";
import type { AdmissionReviewRequest } from "./admission-review";
import { addQuantities, formatCpu, formatMemory, podRequests, podSpecSchema, type PodRequests, type PodSpec } from "./pod-requests";

/** What is running in the vCluster when the request arrives (the new object not included). */
export interface AdmissionUsage {
  /** Node objects. */
  nodes?: number;
  /** Pods not in phase Succeeded or Failed, and the sum of their requests (podRequests). */
  pods?: { count: number; requests: PodRequests };
}

export const DENIAL_REASONS = ["node_limit", "pod_limit", "cpu_requests", "memory_requests", "host_namespaces", "privileged", "host_path"] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];
/** not_intercepted: not a CREATE of a Node or Pod; no_policy: the owner has no plan; within_policy: checked and fine. */
export type AllowReason = "not_intercepted" | "no_policy" | "within_policy";

export type AdmissionDecision =
  | { allowed: true; reason: AllowReason }
  | { allowed: false; reason: DenialReason; message: string };

/** evaluateAdmission's answer when the decision depends on what is running: read it and call again. */
export interface UsageNeeded {
  needsUsage: { nodes: boolean; pods: boolean };
}

/** The object a review is about, as far as the policy cares. */
export type AdmissionSubject = { kind: "node" } | { kind: "pod"; spec: PodSpec } | { kind: "other" } | { kind: "malformed"; problem: string };

export function admissionSubject(request: AdmissionReviewRequest): AdmissionSubject {
  if (request.operation !== "CREATE" || request.subResource || request.resource.group !== "") return { kind: "other" };
  if (request.resource.resource === "nodes") return { kind: "node" };
  if (request.resource.resource !== "pods") return { kind: "other" };
  const object = request.object as { spec?: unknown } | null | undefined;
  const spec = podSpecSchema.safeParse(object?.spec);
  if (!spec.success) return { kind: "malformed", problem: "request.object.spec: not a Pod spec" };
  return { kind: "pod", spec: spec.data };
}

const planLabel = (policy: AdmissionPolicy) => `plan "${policy.planName}"`;
const deny = (reason: DenialReason, message: string): AdmissionDecision => ({ allowed: false, reason, message });

function securityDenial(spec: PodSpec, policy: AdmissionPolicy): AdmissionDecision | null {
  const plan = planLabel(policy);
  if (policy.denyHostNamespaces) {
    const used = (["hostNetwork", "hostPID", "hostIPC"] as const).filter((field) => spec[field] === true);
    if (used.length > 0) {
      return deny(
        "host_namespaces",
        `${plan} does not allow pods that share the node's namespaces (spec.${used.join(", spec.")} is true); remove the setting, or ask the platform operator for a plan that allows it.`,
      );
    }
  }
  if (policy.denyPrivileged) {
    const groups = [
      ["containers", spec.containers],
      ["initContainers", spec.initContainers ?? []],
      ["ephemeralContainers", spec.ephemeralContainers ?? []],
    ] as const;
    for (const [field, containers] of groups) {
      const privileged = containers.find((c) => c.securityContext?.privileged === true);
      if (privileged) {
        return deny(
          "privileged",
          `${plan} does not allow privileged containers (spec.${field} "${privileged.name ?? "?"}" sets securityContext.privileged: true); remove the setting, or ask the platform operator for a plan that allows it.`,
        );
      }
    }
  }
  if (policy.denyHostPath) {
    const volume = (spec.volumes ?? []).find((v) => v.hostPath !== undefined && v.hostPath !== null);
    if (volume) {
      return deny(
        "host_path",
        `${plan} does not allow hostPath volumes (volume "${volume.name ?? "?"}"); use an emptyDir or a PersistentVolumeClaim instead.`,
      );
    }
  }
  return null;
}

const limitOf = (text: string | null): Quantity | null => (text === null ? null : parseQuantity(text));

function budgetDenial(
  reason: "cpu_requests" | "memory_requests",
  what: string,
  format: (q: Quantity) => string,
  pod: Quantity,
  running: Quantity,
  limit: Quantity | null,
  policy: AdmissionPolicy,
): AdmissionDecision | null {
  if (!limit) return null;
  const total = addQuantities(pod, running);
  if (compareQuantities(total, limit) <= 0) return null;
  return deny(
    reason,
    `this pod requests ${format(pod)} of ${what}; with the ${format(running)} the cluster's pods already request, the total would be ${format(total)}, more than the ${limit.text} allowed by ${planLabel(policy)}. Lower the pod's ${what} request, delete pods you no longer need, or move to a larger plan.`,
  );
}

function podLimitDenial(spec: PodSpec, policy: AdmissionPolicy, pods: NonNullable<AdmissionUsage["pods"]>): AdmissionDecision | null {
  if (policy.maxPods !== null && pods.count >= policy.maxPods) {
    return deny(
      "pod_limit",
      `this cluster already runs ${pods.count} of the ${policy.maxPods} pods allowed by ${planLabel(policy)}; delete pods you no longer need (finished pods do not count), or move to a plan with more pods.`,
    );
  }
  const requests = podRequests(spec);
  return (
    budgetDenial("cpu_requests", "CPU", formatCpu, requests.cpu, pods.requests.cpu, limitOf(policy.podCpuRequests), policy) ??
    budgetDenial("memory_requests", "memory", formatMemory, requests.memory, pods.requests.memory, limitOf(policy.podMemoryRequests), policy)
  );
}

const needsPodUsage = (policy: AdmissionPolicy) => policy.maxPods !== null || limitOf(policy.podCpuRequests) !== null || limitOf(policy.podMemoryRequests) !== null;

/**
 * The plan's verdict on one admission request. Without `usage`, a decision that depends on what is running comes
 * back as UsageNeeded (only what it needs: Node count for a Node, pods for a Pod), so a request a security switch
 * refuses, or one no limit applies to, never costs a read of the cluster.
 */
export function evaluateAdmission(
  subject: Exclude<AdmissionSubject, { kind: "malformed" }>,
  policy: AdmissionPolicy | null,
  usage?: AdmissionUsage,
): AdmissionDecision | UsageNeeded {
  if (subject.kind === "other") return { allowed: true, reason: "not_intercepted" };
  if (!policy) return { allowed: true, reason: "no_policy" };
  if (subject.kind === "node") {
    if (policy.maxNodes === null) return { allowed: true, reason: "within_policy" };
    if (usage?.nodes === undefined) return { needsUsage: { nodes: true, pods: false } };
    if (usage.nodes >= policy.maxNodes) {
      return deny(
        "node_limit",
        `this cluster already has ${usage.nodes} of the ${policy.maxNodes} nodes allowed by ${planLabel(policy)}; delete a node you no longer need (kubectl delete node <name>) or move to a plan with more nodes before joining another machine.`,
      );
    }
    return { allowed: true, reason: "within_policy" };
  }
  const security = securityDenial(subject.spec, policy);
  if (security) return security;
  if (!needsPodUsage(policy)) return { allowed: true, reason: "within_policy" };
  if (!usage?.pods) return { needsUsage: { nodes: false, pods: true } };
  return podLimitDenial(subject.spec, policy, usage.pods) ?? { allowed: true, reason: "within_policy" };
}

export const isUsageNeeded = (d: AdmissionDecision | UsageNeeded): d is UsageNeeded => "needsUsage" in d;
