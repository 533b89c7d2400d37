import type { Config } from "@/server/config/env";
import type { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import type { Logger } from "@/server/observability/logger";
import type { Metrics } from "@/server/observability/metrics";
import type { AccountDeps } from "@/server/services/accounts/account-deps";
import type { ClusterRequestDeps } from "@/server/services/clusters/cluster-request-deps";
import type { DeletionPlanDeps } from "@/server/services/clusters/get-deletion-plan";
import type { DnsAutomationDeps } from "@/server/services/dns-automation/dns-provider";
import type { ReadinessProbe } from "@/server/services/health/check-readiness";
import type { CnameChainResolver } from "@/server/services/hostname-bindings/cname-chain-resolver";
import type { JoinSessionDeps } from "@/server/services/join-sessions/join-session-deps";
import type { KubeconfigDeps } from "@/server/services/kubeconfigs/kubeconfig-deps";
import type { RunKubectlDeps } from "@/server/services/kubectl/run-kubectl-command";
import type { Mailer } from "@/server/services/mail/mailer";
import type { NodeOperationDeps } from "@/server/services/nodes/node-operation-deps";
import type { PlatformHealthDeps } from "@/server/services/platform-health/platform-health-deps";
import type { SettingsCacheDeps } from "@/server/services/settings/settings-cache";
import type { SettingsSavedHookDeps } from "@/server/services/settings/settings-saved-hook";
import type { AdmissionPolicyChangeDeps } from "@/server/services/billing/admission-policy-change";
import type { WorkloadEdgeChangeDeps } from "@/server/services/workload-edge/request-workload-edge-sync";

/**
 * What procedures and HTTP handlers hand to use cases: one object per
 * process, built by the composition root, that satisfies each area's own deps
 * type (auth, accounts, cluster requests, settings, …). Procedures reach it as
 * `ctx.deps` and nothing else.
 */
export interface ApiDeps extends AccountDeps, ClusterRequestDeps, SettingsCacheDeps, SettingsSavedHookDeps, DnsAutomationDeps, WorkloadEdgeChangeDeps, AdmissionPolicyChangeDeps {
  /** The process's mailer; it resolves the SMTP server in effect per send. */
  mailer: Mailer;
  /** Host-cluster adapters for procedures that talk to a cluster (kubeconfig, nodes, kubectl). */
  cluster: NodeOperationDeps & RunKubectlDeps & DeletionPlanDeps;
  /** The back office's platform health checks (host apiserver, permissions, helm, chart, Secret, RabbitMQ, SMTP). */
  platformHealth: PlatformHealthDeps;
  /** The hostname-binding DNS check's resolver (KUBEBYON_DNS_CHECK_RESOLVERS), for "check now". */
  dns: CnameChainResolver;
  /** Join tokens, the join-script proxy and join sessions. */
  join: JoinSessionDeps;
  /** Per-user kubeconfigs (docs/cluster-access.md). */
  kubeconfigs: KubeconfigDeps;
  /**
   * KUBEBYON_AUTH_RATE_LIMIT_* (sign-in, registration, re-authentication), KUBEBYON_JOIN_RATE_LIMIT_* (join scripts),
   * and join-session reports per session and per client address (domain/join-sessions/join-session-limits.ts).
   */
  limiters: { auth: TokenBucketLimiter; join: TokenBucketLimiter; joinEventsPerSession: TokenBucketLimiter; joinEventsPerIp: TokenBucketLimiter };
}

/** What the web entry points hand to the API layer; the composition root's Runtime is one. */
export interface ApiRuntime {
  config: Config;
  log: Logger;
  deps: ApiDeps;
  readinessProbes: Record<string, ReadinessProbe>;
  metrics: Metrics;
}
