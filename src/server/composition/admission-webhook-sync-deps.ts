import { requireAdmissionWebhook, requireAuthSecret, requireDatabaseUrl, type Config } from "@/server/config/env";
import type { Db } from "@/server/infra/db/client";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { KubeAdmissionWebhookConfigurationStore } from "@/server/infra/kube/admission-webhook-configuration-store";
import type { Logger } from "@/server/observability/logger";
import type { KubeconfigResolver } from "@/server/services/clusters/kubeconfig-resolver";
import type { TaskTriggers } from "@/server/services/background/task-triggers";
import { admissionWebhookSyncTask } from "@/server/services/admission/admission-webhook-sync.task";
import { requestAdmissionWebhookSync } from "@/server/services/admission/request-admission-webhook-sync";
import type { AdmissionWebhookSyncDeps } from "@/server/services/admission/sync-admission-webhooks";
import { resolveAdmissionEndpoint } from "@/server/services/admission/admission-endpoint";
import { buildAdmissionEndpointDeps } from "./admission-webhook";

/** A pass waits at most this long for another process's pass; it then fails and the next tick retries. */
const PASS_WAIT_MS = 5 * 60_000;

/**
 * The sync pass's deps of one process. With KUBEBYON_ADMISSION_WEBHOOK_ENABLED the URL is required
 * (requireAdmissionWebhook throws ConfigError naming the variable, so the process does not start half configured);
 * without it the pass only removes configurations applied earlier.
 */
export function admissionWebhookSyncDeps(parts: { config: Config; db: Db; log: Logger; now: () => Date; resolver: KubeconfigResolver; processName: string }): AdmissionWebhookSyncDeps {
  const { config, db, log, now, resolver } = parts;
  const hook = config.admissionWebhook.enabled ? requireAdmissionWebhook(config) : undefined;
  // The URL token and the CA key sealing both derive from the auth secret, so the job-processing process needs it too.
  const endpointDeps = hook ? buildAdmissionEndpointDeps({ db, now, authSecret: requireAuthSecret(config), webhookUrl: hook.url }) : undefined;
  return {
    db,
    log,
    now,
    resolver,
    store: new KubeAdmissionWebhookConfigurationStore(),
    settings: hook ? { enabled: true, failurePolicy: hook.failurePolicy, timeoutSeconds: hook.timeoutSeconds } : { enabled: false },
    endpoint: endpointDeps ? (clusterId) => resolveAdmissionEndpoint(endpointDeps, clusterId) : undefined,
    passLock: new PgSessionLock({
      connectionString: requireDatabaseUrl(config),
      key: sessionLocks.admissionWebhookSync,
      applicationName: `kubebyon admission webhook (${parts.processName})`,
      waitTimeoutMs: PASS_WAIT_MS,
    }),
  };
}

/**
 * "Sync now" for the request paths of a process (a plan edited, an order paid or cancelled); undefined with the
 * webhook off (the periodic pass of a job-processing process removes what is left).
 */
export function admissionWebhookSyncHook(parts: Parameters<typeof admissionWebhookSyncDeps>[0] & { triggers: TaskTriggers }): (() => void) | undefined {
  if (!parts.config.admissionWebhook.enabled) return undefined;
  const deps = admissionWebhookSyncDeps({ ...parts, log: parts.log.child({ component: "admission-webhook" }) });
  // The admission task's trigger where this process runs the background engine, a pass of its own otherwise.
  return () => {
    if (!parts.triggers.trigger(admissionWebhookSyncTask.name)) void requestAdmissionWebhookSync(deps);
  };
}
