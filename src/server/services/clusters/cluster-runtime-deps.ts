import type { KubectlRunner } from "@/server/services/kubectl/kubectl-runner";
import type { NodeOperator, NodeReader } from "@/server/services/nodes/ports";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneProvisioner } from "./control-plane-provisioner";
import type { KubeconfigResolver, ResolveKubeconfigOptions } from "./kubeconfig-resolver";

/** What the cluster lifecycle jobs need besides the database: the host-cluster ports. */
export interface ClusterRuntimeDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  provisioner: ControlPlaneProvisioner;
  resolver: KubeconfigResolver;
  /** Live node reads and node operations against a cluster's own API server. */
  nodeReader: NodeReader;
  nodeOperator: NodeOperator;
  /** The console's read-only kubectl proxy, with the operator's limits (KUBEBYON_KUBECTL_*). */
  kubectl: { runner: KubectlRunner; timeoutMs: number; maxOutputBytes: number };
  /** The operator's base values (KUBEBYON_VCLUSTER_VALUES_FILE, parsed); undefined when none is configured. */
  loadBaseValues(): Promise<unknown>;
  controlPlaneTimeoutMs: number;
  namespaceDeletionTimeoutMs: number;
  /** Tests only, see ResolveKubeconfigOptions. */
  resolveOptions?: (cluster: { id: string }) => ResolveKubeconfigOptions | undefined;
}
