import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneProvisioner } from "./control-plane-provisioner";
import type { KubeconfigResolver, ResolveKubeconfigOptions } from "./kubeconfig-resolver";

/** What the cluster lifecycle jobs need besides the database: the host-cluster ports. */
export interface ClusterRuntimeDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  provisioner: ControlPlaneProvisioner;
  resolver: KubeconfigResolver;
  /** The operator's base values (KUBEBYON_VCLUSTER_VALUES_FILE, parsed); undefined when none is configured. */
  loadBaseValues(): Promise<unknown>;
  controlPlaneTimeoutMs: number;
  namespaceDeletionTimeoutMs: number;
  /** Tests only, see ResolveKubeconfigOptions. */
  resolveOptions?: (cluster: { id: string }) => ResolveKubeconfigOptions | undefined;
}
