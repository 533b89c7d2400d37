/**
 * The parts of a Kubernetes Node object the platform reads, as a plain
 * structural type: client-node's V1Node (timestamps as Date) and the raw JSON
 * of a watch event (timestamps as strings) both fit, so the domain never
 * depends on client-node.
 */
export type KubeTime = Date | string;

export interface KubeNodeCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastHeartbeatTime?: KubeTime;
  lastTransitionTime?: KubeTime;
}

export interface KubeNodeTaint {
  key: string;
  value?: string;
  effect: string;
}

export interface KubeNode {
  metadata?: {
    name?: string;
    uid?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    creationTimestamp?: KubeTime;
  };
  spec?: {
    unschedulable?: boolean;
    podCIDR?: string;
    taints?: KubeNodeTaint[];
  };
  status?: {
    conditions?: KubeNodeCondition[];
    addresses?: Array<{ type: string; address: string }>;
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    nodeInfo?: {
      kubeletVersion?: string;
      osImage?: string;
      kernelVersion?: string;
      containerRuntimeVersion?: string;
    };
  };
}
