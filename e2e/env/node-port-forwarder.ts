import { startTcpForwarder, type TcpForwarder } from "./tcp-forwarder";

export type NodePortForwarder = TcpForwarder;

/**
 * Plays kube-proxy for one NodePort: 127.0.0.1:<nodePort> on this machine
 * forwards TCP to the stand-in vCluster apiserver. With control_plane_host
 * 127.0.0.1, the platform then reaches a cluster exactly as in production
 * (https://<control_plane_host>:<nodePort>, TLS verified against the
 * vCluster CA, whose certificate lists 127.0.0.1) with no test-only switch.
 * Without a target yet, connections are held until setTarget() names one.
 */
export function forwardNodePort(nodePort: number, target?: string): Promise<NodePortForwarder> {
  return startTcpForwarder({ port: nodePort, target });
}
