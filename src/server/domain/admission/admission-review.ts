import { z } from "zod";

/**
 * The AdmissionReview v1 (admission.k8s.io/v1) a vCluster's apiserver POSTs to the webhook. Only what the policy
 * reads is typed; the object stays `unknown` here and is narrowed by the pod/node readers, so an object with fields
 * we do not know still parses (the apiserver sends the whole object).
 */
export const admissionReviewRequestSchema = z.object({
  apiVersion: z.literal("admission.k8s.io/v1"),
  kind: z.literal("AdmissionReview"),
  request: z.object({
    uid: z.string().min(1),
    kind: z.object({ group: z.string(), version: z.string(), kind: z.string() }),
    resource: z.object({ group: z.string(), version: z.string(), resource: z.string() }),
    subResource: z.string().optional(),
    operation: z.enum(["CREATE", "UPDATE", "DELETE", "CONNECT"]),
    namespace: z.string().optional(),
    name: z.string().optional(),
    object: z.unknown().optional(),
    dryRun: z.boolean().optional(),
    userInfo: z.object({ username: z.string().optional() }).optional(),
  }),
});

export type AdmissionReviewRequest = z.infer<typeof admissionReviewRequestSchema>["request"];

/** Why a review is not one: the first zod issue, as "path: message", for the 400 answer (the body is the caller's own). */
export function parseAdmissionReview(body: unknown): { ok: true; request: AdmissionReviewRequest } | { ok: false; problem: string } {
  const parsed = admissionReviewRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data.request };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "body";
  return { ok: false, problem: `not an admission.k8s.io/v1 AdmissionReview: ${where}: ${issue?.message ?? "invalid"}` };
}

export interface AdmissionReviewResponse {
  apiVersion: "admission.k8s.io/v1";
  kind: "AdmissionReview";
  response: {
    uid: string;
    allowed: boolean;
    status?: { code: number; reason: string; message: string };
  };
}

/** The answer the apiserver expects: the request's uid echoed; a denial as 403 Forbidden with the message users see. */
export function admissionReviewResponse(uid: string, decision: { allowed: true } | { allowed: false; message: string }): AdmissionReviewResponse {
  return {
    apiVersion: "admission.k8s.io/v1",
    kind: "AdmissionReview",
    response: decision.allowed
      ? { uid, allowed: true }
      : { uid, allowed: false, status: { code: 403, reason: "Forbidden", message: decision.message } },
  };
}
