import type { ApiDeps, ApiRuntime } from "@/server/api/api-runtime";
import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { JOIN_EVENTS_PER_IP, JOIN_EVENTS_PER_SESSION } from "@/server/domain/join-sessions/join-session-limits";
import { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { argon2PasswordHasher } from "@/server/infra/crypto/argon2-password-hasher";
import { createPrismaClient, pingDatabase } from "@/server/infra/db/client";
import { PgCredentialChangeFeed } from "@/server/infra/db/pg-credential-change-feed";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { NodeCnameChainResolver } from "@/server/infra/dns/node-cname-chain-resolver";
import { VClusterJoinScriptSource } from "@/server/infra/http/vcluster-join-script-source";
import { BootstrapTokenIssuer } from "@/server/infra/kube/bootstrap-token-issuer";
import { ServiceAccountAccessIssuer } from "@/server/infra/kube/service-account-access-issuer";
import { ResolvingSmtpMailer } from "@/server/infra/mail/resolving-smtp-mailer";
import { checkRabbitMq } from "@/server/infra/mq/check-rabbitmq";
import { RabbitMqJobWakeups } from "@/server/infra/mq/rabbitmq-job-wakeups";
import { createLogger, type Logger } from "@/server/observability/logger";
import { registerClusterMetricGauges } from "@/server/observability/cluster-metric-gauges";
import { createMetrics } from "@/server/observability/metrics";
import { ApiKeyCache } from "@/server/services/auth/api-key-cache";
import { listLatestClusterMetrics } from "@/server/services/cluster-metrics/list-latest-cluster-metrics";
import type { ReadinessProbe } from "@/server/services/health/check-readiness";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import type { JobWakeups } from "@/server/services/jobs/job-wakeups";
import { endRevokedTokenSessions } from "@/server/services/join-sessions/end-revoked-token-sessions";
import { TaskTriggers } from "@/server/services/background/task-triggers";
import { dnsSyncTask } from "@/server/services/dns-automation/dns-sync.task";
import { syncDnsAfterChange } from "@/server/services/dns-automation/sync-dns-after-change";
import { effectiveSmtpConfig } from "@/server/services/settings/effective-smtp";
import { StoredSettingsCache } from "@/server/services/settings/settings-cache";
import { admissionWebhookSyncHook } from "./admission-webhook-sync-deps";
import { buildClusterRuntime, hostClusterSetup, type ClusterRuntime } from "./cluster-runtime";
import { cloudflareDnsProviders, dnsPassLock } from "./dns-providers";
import { buildPlatformHealthDeps } from "./platform-health";
import { registerPlatformGauges } from "./platform-gauges";
import { workloadEdgeSyncHook } from "./workload-edge-sync-deps";

/** The processes that assemble a runtime; the name is the `service` of every log line. */
export type ProcessName = "kubebyon-web" | "kubebyon-worker";

/**
 * Everything one process runs on, built once from the parsed config: one
 * database pool, one logger, one mailer (its SMTP pool), the job queue and its
 * wake-ups, the host-cluster adapters, the rate limiters. The web process, the
 * worker and the tests all build it with buildRuntime; the API layer sees it as
 * an ApiRuntime, the job-processing loops (./job-processing.ts) take it whole.
 */
export interface Runtime extends ApiRuntime {
  process: ProcessName;
  /** The same host-cluster adapters as deps.cluster, typed for the lifecycle jobs and the node observer. */
  clusterRuntime: ClusterRuntime;
  /** "Run this task now" from request paths; attached to the scheduler when this process runs background work. */
  backgroundTriggers: TaskTriggers;
  /** Closes what the runtime opened (wake-ups, SMTP pool, database pool); loops must be stopped first. */
  close(): Promise<void>;
}

export interface BuildRuntimeOptions {
  process: ProcessName;
  /** The process's logger when it made one before the config was read (the worker's entry point). */
  log?: Logger;
}

export function buildRuntime(config: Config, options: BuildRuntimeOptions = { process: "kubebyon-web" }): Runtime {
  const log = options.log ?? createLogger({ level: config.logLevel, base: { service: options.process } });
  const db = createPrismaClient(requireDatabaseUrl(config));
  const apiKeyCache = new ApiKeyCache({
    ttlMs: config.apiKeyCacheSeconds * 1_000,
    maxEntries: 10_000,
    feed: new PgCredentialChangeFeed(requireDatabaseUrl(config), log.child({ component: "credential-changes" })),
  });
  const now = () => new Date();
  const readinessProbes: Record<string, ReadinessProbe> = {
    database: () => pingDatabase(db),
  };
  const rabbitmqUrl = config.rabbitmqUrl;
  if (rabbitmqUrl) {
    readinessProbes.rabbitmq = async () => {
      const result = await checkRabbitMq(rabbitmqUrl);
      if (!result.ok) throw new Error(result.error);
    };
  }
  // Multi-node: job ids go over RabbitMQ (workers consume them). Single-node: to the runner in this process.
  const wakeups: JobWakeups = rabbitmqUrl
    ? new RabbitMqJobWakeups({ url: rabbitmqUrl, queue: config.rabbitmqQueue, logger: log.child({ component: "rabbitmq" }), connectionName: `${options.process} ${config.workerId}` })
    : new InProcessJobWakeups(log.child({ component: "job-wakeups" }));
  const settingsCache = new StoredSettingsCache();
  // Account emails and notifications share one SMTP pool: KUBEBYON_SMTP_* when KUBEBYON_SMTP_HOST is set, else system settings'.
  const mailer = new ResolvingSmtpMailer(() => effectiveSmtpConfig({ db, now, settingsCache }, config.smtp));
  const clusterRuntime = buildClusterRuntime(config, db, log);
  const dnsProviders = cloudflareDnsProviders(config);
  const passLock = dnsPassLock(config, options.process);
  // Attached to the background scheduler when this process runs one (startJobProcessing).
  const backgroundTriggers = new TaskTriggers();
  const deps: ApiDeps = {
    db,
    log,
    now,
    hasher: argon2PasswordHasher,
    sessionTtlHours: config.sessionTtlHours,
    sessionIdleMinutes: config.sessionIdleMinutes,
    apiKeyCache,
    jobs: new PrismaJobStore(db),
    wakeups,
    hostCluster: hostClusterSetup(config),
    publicAccessProvider: config.publicAccessProvider,
    sanGraceHours: config.sanGraceHours,
    mailer,
    // Links in emails must point at the console users reach (KUBEBYON_PUBLIC_URL).
    publicUrl: (config.publicUrl ?? `http://localhost:${config.httpPort}`).replace(/\/+$/, ""),
    settingsCache,
    dnsProviders,
    dnsPassLock: passLock,
    // Spec §1.4: records follow settings changes at once, not only on the periodic pass.
    afterSettingsSaved: () => {
      if (!backgroundTriggers.trigger(dnsSyncTask.name)) syncDnsAfterChange({ db, log, now, dnsProviders, dnsPassLock: passLock });
    },
    // Issue 13: a binding created or deleted reaches the workload Gateway at once, not at the next periodic pass.
    workloadEdgeSync: workloadEdgeSyncHook({ config, db, log, now, resolver: clusterRuntime.resolver, processName: options.process, triggers: backgroundTriggers }),
    // Issue 14: a plan or order change reaches the webhook configurations at once, not at the next periodic pass.
    admissionWebhookSync: admissionWebhookSyncHook({ config, db, log, now, resolver: clusterRuntime.resolver, processName: options.process, triggers: backgroundTriggers }),
    cluster: clusterRuntime,
    platformHealth: buildPlatformHealthDeps(config, { db, now, settingsCache }),
    dns: new NodeCnameChainResolver({ servers: config.dnsCheck.resolvers }),
    join: {
      db,
      log: log.child({ component: "join" }),
      now,
      cluster: clusterRuntime,
      issuer: new BootstrapTokenIssuer(),
      scripts: new VClusterJoinScriptSource(),
      fallbackBaseUrl: config.publicUrl,
      endRevokedTokenSessions,
      clockSkewSeconds: config.joinSessions.clockSkewSeconds,
    },
    kubeconfigs: {
      db,
      log: log.child({ component: "kubeconfigs" }),
      now,
      cluster: clusterRuntime,
      accessIssuer: new ServiceAccountAccessIssuer(),
      defaultTtlSeconds: config.kubeconfigTtlSeconds,
    },
    limiters: {
      auth: new TokenBucketLimiter(config.authRateLimit),
      join: new TokenBucketLimiter(config.joinRateLimit),
      joinEventsPerSession: new TokenBucketLimiter(JOIN_EVENTS_PER_SESSION),
      joinEventsPerIp: new TokenBucketLimiter(JOIN_EVENTS_PER_IP),
    },
  };
  const metrics = createMetrics();
  // Each cluster's newest control-plane sample, read at scrape time (the collector runs in the workers); a
  // cluster not sampled for three intervals drops out (docs/metrics.md "Prometheus").
  registerClusterMetricGauges(
    metrics.registry,
    () => listLatestClusterMetrics({ db, now }, 3 * config.metrics.collectIntervalSeconds * 1_000),
    (error) => log.warn("could not read the clusters' control-plane samples for /metrics", { error: error instanceof Error ? error.message : String(error) }),
  );
  registerPlatformGauges(metrics.registry, { db, log, jobs: deps.jobs });
  return {
    process: options.process,
    config,
    log,
    deps,
    clusterRuntime,
    readinessProbes,
    metrics,
    backgroundTriggers,
    async close() {
      await wakeups.close().catch(() => undefined);
      mailer.close();
      await apiKeyCache.close();
      await db.$disconnect().catch(() => undefined);
    },
  };
}
