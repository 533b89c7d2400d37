import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { ManagedIngressDeps } from "./managed-ingress-step";
import type { ControlPlaneRouteDeps } from "./control-plane-route-step";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneProvisioner } from "./control-plane-provisioner";
import type { HostNamespaceInventory } from "./host-namespace-inventory";
import type { KubeconfigResolver } from "./kubeconfig-resolver";
import type { ServingCertificateProbe } from "./serving-certificate-probe";

/** How the platform reaches a cluster's own API server (every live read, node operation and kubectl call starts here). */
export interface ClusterConnectionDeps {
  resolver: KubeconfigResolver;
}

/** What the cluster lifecycle jobs need besides the database: the host-cluster ports and the operator's limits. */
export interface ClusterJobDeps extends ServiceDeps, ClusterConnectionDeps, ManagedIngressDeps {
  provisioner: ControlPlaneProvisioner;
  /** Reads (and, in a forced delete, clears) what holds a cluster's host namespace; the deletion plan and orphan report. */
  hostInventory: HostNamespaceInventory;
  /** The operator's base values (KUBEBYON_VCLUSTER_VALUES_FILE, parsed); undefined when none is configured. */
  loadBaseValues(): Promise<unknown>;
  controlPlaneTimeoutMs: number;
  /** KUBEBYON_PUBLIC_ACCESS_PROVIDER: decides the Service type of a loadbalancer cluster (serviceTypeFor). */
  publicAccessProvider: PublicAccessProvider;
  /** The per-cluster TLSRoute of the gatewayapi provider (control-plane-route-step.ts); set only with that provider. */
  controlPlaneRoutes?: ControlPlaneRouteDeps;
  namespaceDeletionTimeoutMs: number;
  /** TLS handshakes of the verify_serving_certificate step (verify-serving-certificate-step.ts). */
  servingCertificates: ServingCertificateProbe;
  /** How long that step waits for the certificate to cover the new public name, and between its handshakes. */
  servingCertificateTimeoutMs: number;
  servingCertificatePollMs: number;
  /**
   * The platform's admission webhook configuration inside a vCluster (infra/kube/admission-webhook-configuration-store.ts),
   * which the delete job removes first; unset: the delete leaves it to go with the vCluster.
   */
  admissionWebhooks?: { delete(credentials: ClusterCredentials): Promise<void> };
}
