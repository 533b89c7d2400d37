import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { ResourceRule } from "@/server/domain/platform-health/permissions";
import type { SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { ServiceDeps } from "@/server/services/service-deps";

/** Read-only questions to the host cluster, as the platform's own identity. */
export interface HostClusterInspector {
  /** The apiserver's /version gitVersion. */
  version(signal: AbortSignal): Promise<string>;
  /** SelfSubjectRulesReview in `namespace`: what the platform may do there (cluster-wide grants included). */
  rules(namespace: string, signal: AbortSignal): Promise<{ rules: ResourceRule[]; incomplete: boolean }>;
  /** ClusterRole `name`'s rules: `missing` when it does not exist, `forbidden` when the platform may not read it. */
  clusterRoleRules(name: string, signal: AbortSignal): Promise<{ status: "found"; rules: ResourceRule[] } | { status: "missing" | "forbidden" }>;
  /** Whether Secret `namespace/name` exists (its values are never returned). */
  secretExists(namespace: string, name: string, signal: AbortSignal): Promise<boolean>;
  /**
   * Which of `kinds` the apiserver serves in `apiVersion` (API discovery); none when it does not serve that
   * group version at all (no CRD installed). Discovery is open to every authenticated identity (ClusterRole
   * system:discovery), so no grant on CustomResourceDefinitions is needed.
   */
  servedKinds(apiVersion: string, kinds: readonly string[], signal: AbortSignal): Promise<string[]>;
  /** How many load-balancer addresses (status.loadBalancer.ingress) Service `namespace/name` has; null when there is no such Service. */
  loadBalancerAddressCount(namespace: string, name: string, signal: AbortSignal): Promise<number | null>;
}

/** The helm binary and the configured vCluster chart. */
export interface HelmInspector {
  /** How the chart is configured, for messages: "vcluster 0.33.0 from https://charts.loft.sh" or a path. */
  readonly chartReference: string;
  version(signal: AbortSignal): Promise<string>;
  /** `helm show chart` of the configured chart: its name and version. */
  showChart(signal: AbortSignal): Promise<{ name: string; version: string }>;
}

/** Connect + EHLO, no mail; resolves with the server's greeting. */
export type SmtpProbe = (config: SmtpTransportConfig, signal: AbortSignal) => Promise<string>;

/** `db`: the cluster rows some checks look at (read only). */
export interface PlatformHealthDeps extends Pick<ServiceDeps, "db"> {
  /** Null when a host cluster is configured; else the fix (same answer POST /clusters gives). */
  hostClusterProblem(): string | null;
  /** Made on first use: only when a host cluster is configured. */
  hostInspector(): HostClusterInspector;
  helm: HelmInspector;
  platformSecret: { name: string; sourceNamespace: string };
  /** KUBEBYON_TENANT_CLUSTER_ROLE: the ClusterRole the platform binds to itself in each cluster namespace; undefined = it holds every right itself. */
  tenantClusterRole: string | undefined;
  /** KUBEBYON_PUBLIC_ACCESS_PROVIDER: what serves loadbalancer clusters, and so what the public_access check looks at. */
  publicAccessProvider: PublicAccessProvider;
  /** Opens and closes a connection; undefined in single-node mode (no KUBEBYON_RABBITMQ_URL). */
  rabbitmq: ((signal: AbortSignal) => Promise<void>) | undefined;
  /** The SMTP server in effect (env or system settings), undefined when none. */
  smtpConfig(): Promise<SmtpTransportConfig | undefined>;
  smtpProbe: SmtpProbe;
  /** Each check is cut off after this long. */
  checkTimeoutMs: number;
}
