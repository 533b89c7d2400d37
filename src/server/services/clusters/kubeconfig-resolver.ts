import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { NodePortHostAddress } from "@/server/domain/clusters/nodeport-host-address";
import type { PublicAccessMode } from "@/server/domain/clusters/public-access";

/**
 * Port: turns a vCluster's exported kubeconfig (Secret vc-<name>, server
 * https://localhost:8443) plus its control-plane Service into credentials
 * the platform can use and a kubeconfig users can use. Implemented in
 * src/server/infra/kube/vcluster-kubeconfig-resolver.ts.
 */

export interface ResolveKubeconfigInput {
  namespace: string;
  vclusterName: string;
  /** Effective mode (see effectivePublicAccessMode). */
  mode: PublicAccessMode;
  controlPlaneHost: string | null | undefined;
  /** The admin's nodeport_host_address; nodeport without control_plane_host derives the address from host Nodes when unset. */
  nodePortHostAddress?: string | null;
}

export interface ResolvedConnection {
  /** For the platform's own calls (token issuance, node listing, probes, join proxy), over KUBEBYON_VCLUSTER_ROUTE. */
  credentials: ClusterCredentials;
  /** Public https endpoint; null when public access is off or not ready yet. */
  apiEndpoint: string | null;
  /** The user's kubeconfig pointing at apiEndpoint; null when apiEndpoint is null. */
  userKubeconfigYaml: string | null;
  /** The NodePort, only in nodeport mode. */
  publicAccessPort: number | null;
  /** Why apiEndpoint is null while public access is on (e.g. no load-balancer address yet). */
  pendingReason: string | null;
}

export type ProbeResult = { ok: true; gitVersion: string } | { ok: false; error: string };

export interface KubeconfigResolver {
  resolve(input: ResolveKubeconfigInput): Promise<ResolvedConnection>;
  /** Where a NodePort control plane without control_plane_host is reached: the setting, else a Ready host Node's address. */
  nodePortHostAddress(setting: string | null | undefined): Promise<NodePortHostAddress>;
  /** GET /version with the credentials; never throws. */
  probe(credentials: ClusterCredentials, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<ProbeResult>;
}
