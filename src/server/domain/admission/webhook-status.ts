import { z } from "zod";
import type { AdmissionInterception, AdmissionPolicy } from "./admission-policy";

/** What the platform last did with a cluster's webhook configuration (PostgreSQL enum AdmissionWebhookStatus). */
export const admissionWebhookStatuses = ["disabled", "pending", "ready", "error"] as const;
export const admissionWebhookStatusSchema = z.enum(admissionWebhookStatuses);
export type AdmissionWebhookStatus = z.infer<typeof admissionWebhookStatusSchema>;

/** The message of every cluster while the deployment runs without the webhook. */
export const WEBHOOK_OFF_MESSAGE =
  "The admission webhook is off in this deployment (KUBEBYON_ADMISSION_WEBHOOK_ENABLED), so plan policies are not enforced inside the cluster.";

export const WAITING_FOR_CLUSTER_MESSAGE = "Waiting for the cluster to be ready; the platform then writes its webhook configuration into it.";

/** Why nothing is written into a ready cluster whose plan enforces nothing the webhook checks. */
export function nothingToEnforceMessage(policy: AdmissionPolicy | null): string {
  return policy
    ? `Plan ${policy.planName} sets no limit the admission webhook checks, so no webhook configuration is kept in the cluster.`
    : "No plan applies to the cluster's owner, so no webhook configuration is kept in the cluster.";
}

/** The ready message: which plan is enforced on which kinds. */
export function enforcingMessage(policy: AdmissionPolicy, interception: AdmissionInterception): string {
  const kinds = [interception.nodes ? "node joins" : null, interception.pods ? "pod creation" : null].filter((k) => k !== null).join(" and ");
  return `Plan ${policy.planName} is enforced on ${kinds} inside the cluster.`;
}
