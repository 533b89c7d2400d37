import type { BackgroundTask } from "@/server/services/background/background-task";
import { syncAdmissionWebhooks, type AdmissionWebhookSyncDeps, type AdmissionWebhookSyncResult } from "./sync-admission-webhooks";

/**
 * The admission webhook configuration in every vCluster (docs/admission-webhook.md): one process reads each back every
 * interval; a cluster job ending asks for a pass where it ended (passes are serialised by the admission pass lock). It
 * runs with the webhook off too: then each pass removes what was applied earlier. Per-cluster failures are statuses.
 */
export const admissionWebhookSyncTask: BackgroundTask<AdmissionWebhookSyncDeps, AdmissionWebhookSyncResult> = {
  name: "admission-webhook-sync",
  scope: "leader",
  intervalMs: (config) => config.admissionWebhook.syncIntervalSeconds * 1_000,
  triggers: ["cluster-lifecycle-job"],
  run: (deps) => syncAdmissionWebhooks(deps),
};
