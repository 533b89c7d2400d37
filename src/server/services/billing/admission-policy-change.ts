/**
 * What a change that moves the admission policy of users carries (a plan edited, a default plan set, an order paid,
 * cancelled or refunded): a process with the admission webhook on sets `admissionWebhookSync` (composition's
 * admissionWebhookSyncHook, which starts a pass of services/admission/sync-admission-webhooks.ts at once); without
 * it the periodic pass catches up. Here, not in the admission area, because admission reads plans (no cycle).
 */
export interface AdmissionPolicyChangeDeps {
  admissionWebhookSync?: () => void;
}
