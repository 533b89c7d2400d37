import type { HostNodeAddresses } from "@/server/domain/clusters/nodeport-host-address";

/** Where a cluster's vCluster Service lives on the host: Service `<release>` in namespace `<namespace>`. */
export interface ControlPlaneServiceRef {
  namespace: string;
  release: string;
}

export type ControlPlaneNodePort =
  | { nodePort: number }
  /** The Service or its NodePort does not exist (yet): `reason` says which, for the sync's result. */
  | { missing: string };

/**
 * Port: the NodePort of a vCluster's control-plane Service for port 443 (the chart's Service maps 443 to
 * the API server's 8443; with provider haproxy the Service stays NodePort). Implemented on the host
 * cluster's API in infra/kube (KubeControlPlaneNodePorts). A failed call throws (KubeApiError).
 */
export interface ControlPlaneNodePorts {
  nodePort(ref: ControlPlaneServiceRef): Promise<ControlPlaneNodePort>;
}

/**
 * Port: the host cluster's Nodes with their Ready state and status.addresses (infra/kube
 * KubeHostNodeAddresses). Which address the edge uses is decided in the domain (edge-backends.ts).
 */
export interface HostNodeAddressReader {
  list(): Promise<HostNodeAddresses[]>;
}
