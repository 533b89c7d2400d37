import type { ServiceDeps } from "@/server/services/service-deps";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { JoinScriptSource } from "./join-script-source";
import type { TokenIssuer } from "./token-issuer";

/** What join-token use cases need: the database, a way to reach the cluster, and the two Kubernetes/HTTP ports. */
export interface JoinDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  cluster: ClusterConnectionDeps;
  issuer: TokenIssuer;
  scripts: JoinScriptSource;
  /** KUBEBYON_PUBLIC_URL, used when the join_base_url system setting is empty. */
  fallbackBaseUrl: string | undefined;
}
