import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { AccessCredentialIssuer } from "./access-credential-issuer";

/** What the per-user kubeconfig use cases need (docs/cluster-access.md). */
export interface KubeconfigDeps extends ServiceDeps {
  cluster: ClusterConnectionDeps;
  accessIssuer: AccessCredentialIssuer;
  /** KUBEBYON_KUBECONFIG_TTL_SECONDS: the lifetime when the user asks for none, before the plan's bound. */
  defaultTtlSeconds: number;
}
