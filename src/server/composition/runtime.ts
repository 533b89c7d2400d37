import { loadConfig, requireDatabaseUrl, type Config } from "@/server/config/env";
import { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { argon2PasswordHasher } from "@/server/infra/crypto/argon2-password-hasher";
import { createPrismaClient, pingDatabase } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { checkRabbitMq } from "@/server/infra/mq/check-rabbitmq";
import { RabbitMqJobWakeups } from "@/server/infra/mq/rabbitmq-job-wakeups";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import type { JobWakeups } from "@/server/services/jobs/job-wakeups";
import type { ReadinessProbe } from "@/server/services/health/check-readiness";
import { createLogger, type Logger } from "@/server/observability/logger";
import { VClusterJoinScriptSource } from "@/server/infra/http/vcluster-join-script-source";
import { BootstrapTokenIssuer } from "@/server/infra/kube/bootstrap-token-issuer";
import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import type { JoinDeps } from "@/server/services/join-tokens/join-runtime-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import { buildClusterRuntimeDeps } from "./cluster-runtime";

/**
 * The composition root of the web process: config, one database pool, one
 * logger, the rate limiters. Created lazily on first use (never at build
 * time) and kept on globalThis so Next.js dev reloads reuse it.
 */
export interface Runtime {
  config: Config;
  log: Logger;
  deps: ServiceDeps;
  limiters: { auth: TokenBucketLimiter; join: TokenBucketLimiter };
  readinessProbes: Record<string, ReadinessProbe>;
  /** Single-node mode only: the in-memory wake-ups the in-process executor listens on. */
  inProcessWakeups: InProcessJobWakeups | undefined;
  /** Host-cluster adapters for lifecycle jobs and live cluster reads (built lazily). */
  clusterRuntime: ClusterRuntimeDeps;
  /** Join tokens and the join-script proxy. */
  join: JoinDeps;
}

const KEY = Symbol.for("kubebyon.runtime");
type Holder = { [KEY]?: Runtime };

export function getRuntime(): Runtime {
  const holder = globalThis as Holder;
  holder[KEY] ??= buildRuntime(loadConfig());
  return holder[KEY];
}

export function buildRuntime(config: Config): Runtime {
  const log = createLogger({ level: config.logLevel, base: { service: "kubebyon-web" } });
  const db = createPrismaClient(requireDatabaseUrl(config));
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
  const clusterRuntime = buildClusterRuntimeDeps(config, db, log);
  // Multi-node: job ids go to RabbitMQ for the workers. Single-node: to the executor in this process.
  const inProcessWakeups = config.rabbitmqUrl ? undefined : new InProcessJobWakeups(log.child({ component: "job-wakeups" }));
  const wakeups: JobWakeups =
    inProcessWakeups ??
    new RabbitMqJobWakeups({ url: config.rabbitmqUrl!, queue: config.rabbitmqQueue, logger: log.child({ component: "rabbitmq" }), connectionName: `kubebyon-web ${config.workerId}` });
  return {
    readinessProbes,
    inProcessWakeups,
    clusterRuntime,
    join: {
      db,
      log: log.child({ component: "join" }),
      now: () => new Date(),
      cluster: clusterRuntime,
      issuer: new BootstrapTokenIssuer(),
      scripts: new VClusterJoinScriptSource(),
      fallbackBaseUrl: config.publicUrl,
    },
    config,
    log,
    deps: {
      db,
      log,
      hasher: argon2PasswordHasher,
      now: () => new Date(),
      sessionTtlHours: config.sessionTtlHours,
      sessionIdleMinutes: config.sessionIdleMinutes,
      jobs: new PrismaJobStore(db),
      wakeups,
    },
    limiters: {
      auth: new TokenBucketLimiter(config.authRateLimit),
      join: new TokenBucketLimiter(config.joinRateLimit),
    },
  };
}
