import type { AdmissionWebhookConfig } from "@/server/config/env";
import { DenialSampler } from "@/server/domain/admission/denial-sampler";
import { AesGcmSecretBox } from "@/server/infra/crypto/secret-box";
import { X509CertificateMinter } from "@/server/infra/crypto/x509-certificate-minter";
import type { Db } from "@/server/infra/db/client";
import { listenAdmissionServer } from "@/server/infra/http/admission-webhook-server";
import { KubeAdmissionUsageReader } from "@/server/infra/kube/admission-usage-reader";
import type { AdmissionMetrics } from "@/server/observability/admission-metrics";
import type { Logger } from "@/server/observability/logger";
import type { AdmissionEndpointDeps, AdmissionReviewDeps } from "@/server/services/admission/admission-deps";
import { reviewAdmission } from "@/server/services/admission/review-admission";
import { renewServingCertificate, servingHostOf, type ServingCertificate } from "@/server/services/admission/serving-certificate";
import type { KubeconfigResolver } from "@/server/services/clusters/kubeconfig-resolver";
import { bindTask } from "@/server/services/background/background-task";
import { SERVING_CERTIFICATE_CHECK_MS, servingCertificateRenewalTask } from "@/server/services/admission/serving-certificate-renewal.task";
import { TaskScheduler, type TaskPassObserver } from "@/server/services/background/task-scheduler";

/** The sealing purpose of the CA private keys; changing it makes every stored CA unreadable. */
const CA_KEY_PURPOSE = "admission CA private key";

/**
 * What resolveAdmissionEndpoint (services/admission/admission-endpoint.ts) needs, from the settings: the
 * configuration writer in the job-processing process builds it with this, the web process below the same way.
 */
export function buildAdmissionEndpointDeps(input: { db: Db; now?: () => Date; authSecret: string; webhookUrl: string }): AdmissionEndpointDeps {
  return {
    db: input.db,
    now: input.now ?? (() => new Date()),
    minter: new X509CertificateMinter(),
    secretBox: new AesGcmSecretBox(input.authSecret, CA_KEY_PURPOSE),
    authSecret: input.authSecret,
    webhookUrl: input.webhookUrl,
  };
}

/** Leaves room inside the vCluster's timeoutSeconds for connecting, the policy query and the answer itself. */
export const usageTimeoutMsFor = (timeoutSeconds: number) => Math.max(250, Math.floor(timeoutSeconds * 1000 * 0.7));

export interface StartAdmissionWebhookServerOptions {
  config: Pick<AdmissionWebhookConfig, "listen" | "timeoutSeconds"> & { url: string };
  authSecret: string;
  db: Db;
  log: Logger;
  /** How the platform reaches each vCluster (the cluster runtime's resolver). */
  resolver: KubeconfigResolver;
  metrics: AdmissionMetrics;
  now?: () => Date;
  /** Default 15 minutes. */
  renewalCheckMs?: number;
  /** The process's task metrics (kubebyon_task_*). */
  taskObservers?: readonly TaskPassObserver[];
}

export interface AdmissionWebhookServer {
  port: number;
  /** The certificate served now (for tests and diagnostics; its key never leaves the process otherwise). */
  certificate(): ServingCertificate;
  stop(): Promise<void>;
}

/**
 * Starts the admission webhook's HTTPS listener (docs/admission-webhook.md): ensures the platform CA, issues this
 * process's serving certificate for the URL's host, serves reviews, and re-checks the certificate periodically,
 * swapping it on the listener when it was re-issued. The web process calls it when KUBEBYON_ADMISSION_WEBHOOK_ENABLED;
 * tests call it with their own settings.
 */
export async function startAdmissionWebhookServer(options: StartAdmissionWebhookServerOptions): Promise<AdmissionWebhookServer> {
  const now = options.now ?? (() => new Date());
  const log = options.log.child({ component: "admission-webhook" });
  const certificates = buildAdmissionEndpointDeps({ db: options.db, now, authSecret: options.authSecret, webhookUrl: options.config.url });
  const first = await renewServingCertificate(certificates, options.config.url, null);
  if (!first) throw new Error("no serving certificate was issued for the admission webhook");
  let current: ServingCertificate = first;
  const reviewDeps: AdmissionReviewDeps = {
    db: options.db,
    log,
    now,
    resolver: options.resolver,
    authSecret: options.authSecret,
    usage: new KubeAdmissionUsageReader(),
    usageTimeoutMs: usageTimeoutMsFor(options.config.timeoutSeconds),
    metrics: options.metrics,
    sampler: new DenialSampler(),
  };
  const server = await listenAdmissionServer({
    listen: options.config.listen,
    tls: current,
    handle: (call) => reviewAdmission(reviewDeps, call),
    onError: (error) => log.error("admission request failed", { error: error instanceof Error ? error.message : String(error) }),
  });
  // The web process's own background engine: it runs whether or not this process also runs job processing.
  const renewal = new TaskScheduler({
    tasks: [
      bindTask(
        servingCertificateRenewalTask,
        {
          certificates,
          webhookUrl: options.config.url,
          log,
          current: () => current,
          install: (renewed) => {
            server.setCertificate(renewed);
            current = renewed;
          },
        },
        { intervalMs: options.renewalCheckMs ?? SERVING_CERTIFICATE_CHECK_MS },
      ),
    ],
    log: options.log.child({ component: "background" }),
    observers: options.taskObservers,
  });
  renewal.start();
  log.info("admission webhook listening", {
    address: options.config.listen.address,
    port: server.port,
    url: options.config.url,
    serving_name: servingHostOf(options.config.url),
    authority_id: current.authorityId,
  });
  return {
    port: server.port,
    certificate: () => current,
    async stop() {
      await renewal.stop();
      await server.close();
    },
  };
}
