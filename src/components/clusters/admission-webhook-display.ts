import type { BadgeTone } from "@/components/ui/badge";
import type { ClusterItem } from "./cluster-types";

export type AdmissionWebhookStatus = ClusterItem["admission_webhook"]["status"];

/** The platform's webhook configuration in the cluster, as its sync pass last wrote it. */
export const ADMISSION_WEBHOOK_STATUS_TONE: Record<AdmissionWebhookStatus, BadgeTone> = {
  disabled: "neutral",
  pending: "warning",
  ready: "success",
  error: "danger",
};

/**
 * Whether the sync pass has looked at this cluster yet: every state it writes carries a message (the deployment's
 * "off" included), so disabled without one means no pass ran, and the card must not claim enforcement either way.
 */
export function admissionWebhookNeverSynced(c: Pick<ClusterItem, "admission_webhook">): boolean {
  return c.admission_webhook.status === "disabled" && c.admission_webhook.message === null && c.admission_webhook.applied_at === null;
}
