import { CoalescedPasses } from "@/server/services/coalesced-passes";
import { syncAdmissionWebhooks, type AdmissionWebhookSyncDeps, type AdmissionWebhookSyncResult } from "./sync-admission-webhooks";

const requested = new CoalescedPasses<AdmissionWebhookSyncResult>();

/**
 * "Sync now" after a change the caller committed (a plan edited, an order paid or cancelled, a cluster job ended):
 * starts a pass without making the request wait for the clusters. Requests coalesce per process (per deps object).
 * Never rejects: a failure is logged and the periodic pass retries. Returns the pass for callers that wait.
 */
export function requestAdmissionWebhookSync(deps: AdmissionWebhookSyncDeps): Promise<AdmissionWebhookSyncResult | null> {
  return requested.request(deps, () => syncAdmissionWebhooks(deps), (error) =>
    deps.log.warn("admission webhook pass after a change failed; the periodic pass retries", { error: error instanceof Error ? error.message : String(error) }),
  );
}

