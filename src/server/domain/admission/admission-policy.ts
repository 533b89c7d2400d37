/**
 * What the admission webhook enforces inside one vCluster: its owner's current plan (the same plan the join-token
 * check uses), so a plan change takes effect on the next admission request. Null limits are "no limit".
 */
export interface AdmissionPolicy {
  /** Named in denials ("… allowed by plan Starter"). */
  planName: string;
  maxNodes: number | null;
  maxPods: number | null;
  /** Kubernetes quantities, summed over the requests of every pod in the vCluster. */
  podCpuRequests: string | null;
  podMemoryRequests: string | null;
  denyHostNamespaces: boolean;
  denyPrivileged: boolean;
  denyHostPath: boolean;
}

export interface AdmissionPlanFields {
  name: string;
  nodeQuota: number;
  admissionMaxPods: number | null;
  admissionPodCpuRequests: string | null;
  admissionPodMemoryRequests: string | null;
  admissionDenyHostNamespaces: boolean;
  admissionDenyPrivileged: boolean;
  admissionDenyHostPath: boolean;
}

export function admissionPolicyOf(plan: AdmissionPlanFields): AdmissionPolicy {
  return {
    planName: plan.name,
    maxNodes: plan.nodeQuota,
    maxPods: plan.admissionMaxPods,
    podCpuRequests: plan.admissionPodCpuRequests,
    podMemoryRequests: plan.admissionPodMemoryRequests,
    denyHostNamespaces: plan.admissionDenyHostNamespaces,
    denyPrivileged: plan.admissionDenyPrivileged,
    denyHostPath: plan.admissionDenyHostPath,
  };
}

/** Which object kinds the vCluster must send to the webhook: none when the policy could never deny them. */
export interface AdmissionInterception {
  nodes: boolean;
  pods: boolean;
}

export function interceptionOf(policy: AdmissionPolicy | null): AdmissionInterception {
  if (!policy) return { nodes: false, pods: false };
  return {
    nodes: policy.maxNodes !== null,
    pods:
      policy.maxPods !== null ||
      policy.podCpuRequests !== null ||
      policy.podMemoryRequests !== null ||
      policy.denyHostNamespaces ||
      policy.denyPrivileged ||
      policy.denyHostPath,
  };
}
