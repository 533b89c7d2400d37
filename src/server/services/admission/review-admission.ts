import { isAdmissionUrlToken } from "@/server/domain/admission/admission-url-token";
import { admissionReviewResponse, parseAdmissionReview, type AdmissionReviewRequest, type AdmissionReviewResponse } from "@/server/domain/admission/admission-review";
import { admissionSubject, evaluateAdmission, isUsageNeeded, type AdmissionDecision, type DenialReason } from "@/server/domain/admission/evaluate-admission";
import type { Cluster } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { resolveClusterConnection } from "@/server/services/clusters/connect-to-cluster";
import type { AdmissionReviewDeps } from "./admission-deps";
import { readAdmissionPolicy } from "./read-admission-policy";

export type AdmissionResource = "nodes" | "pods";

export interface AdmissionCall {
  clusterId: string;
  token: string;
  /** The path's last segment: which webhook of the configuration called. */
  resource: AdmissionResource;
  /** The request body parsed as JSON; undefined when it was not JSON. */
  body: unknown;
}

/** The HTTP answer: 200 with an AdmissionReview, or a bare status (404 unknown, 400 malformed, 500 could not decide). */
export type AdmissionAnswer = { status: 200; review: AdmissionReviewResponse } | { status: 400; problem: string } | { status: 404 } | { status: 500 };

type Decision = "allowed" | "denied" | "error";

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Answers one AdmissionReview from a vCluster (docs/admission-webhook.md): a wrong path token or a cluster that is
 * gone is a bare 404 (nothing tells a caller which); a body that is no AdmissionReview is 400; otherwise the owner's
 * current plan decides. When the decision needs the cluster's usage and it cannot be read in time the answer is 500,
 * so the vCluster applies its failurePolicy. Every answer is counted; denials go to the activity stream, sampled.
 */
export async function reviewAdmission(deps: AdmissionReviewDeps, call: AdmissionCall): Promise<AdmissionAnswer> {
  const started = performance.now();
  const count = (decision: Decision, reason: string) => {
    deps.metrics.requests.inc({ resource: call.resource, decision, reason });
    deps.metrics.duration.observe({ resource: call.resource, decision }, (performance.now() - started) / 1000);
  };

  if (!isAdmissionUrlToken(deps.authSecret, call.clusterId, call.token)) {
    count("error", "not_found");
    return { status: 404 };
  }
  const cluster = await deps.db.cluster.findUnique({ where: { id: call.clusterId } });
  if (!cluster || cluster.status === "deleted") {
    count("error", "not_found");
    return { status: 404 };
  }
  const parsed = parseAdmissionReview(call.body);
  if (!parsed.ok) {
    count("error", "malformed");
    return { status: 400, problem: parsed.problem };
  }
  const { request } = parsed;
  const subject = admissionSubject(request);
  if (subject.kind === "malformed") {
    count("error", "malformed");
    return { status: 400, problem: subject.problem };
  }

  let decision: AdmissionDecision;
  try {
    const policy = await readAdmissionPolicy(deps.db, cluster.id, deps.now());
    const first = evaluateAdmission(subject, policy);
    if (isUsageNeeded(first)) {
      // Not connectToCluster: the vCluster calling proves its control plane is up, whatever the row's status says
      // (an update that failed leaves `error` on a running cluster, and failurePolicy Fail would stop its pods).
      const { credentials } = await resolveClusterConnection(deps, cluster);
      const usage = await deps.usage.read(credentials, first.needsUsage, { timeoutMs: deps.usageTimeoutMs });
      const second = evaluateAdmission(subject, policy, usage);
      if (isUsageNeeded(second)) throw new Error("the usage read did not return what the policy needs");
      decision = second;
    } else {
      decision = first;
    }
  } catch (err) {
    deps.log.warn("admission review could not be decided", { cluster_id: cluster.id, resource: call.resource, error: message(err) });
    count("error", "usage_unavailable");
    return { status: 500 };
  }

  if (decision.allowed) {
    count("allowed", decision.reason);
    return { status: 200, review: admissionReviewResponse(request.uid, { allowed: true }) };
  }
  count("denied", decision.reason);
  // A dry run changes nothing, so it leaves no trace on the activity stream (the webhook declares sideEffects: None).
  if (!request.dryRun) await recordDenial(deps, cluster, request, decision);
  return { status: 200, review: admissionReviewResponse(request.uid, { allowed: false, message: decision.message }) };
}

async function recordDenial(
  deps: AdmissionReviewDeps,
  cluster: Cluster,
  request: AdmissionReviewRequest,
  decision: { reason: DenialReason; message: string },
): Promise<void> {
  const sample = deps.sampler.take(cluster.id, decision.reason, deps.now());
  if (!sample.record) return;
  try {
    await recordAuditEvent(deps.db, {
      actorUserId: cluster.ownerId,
      action: "admission.denied",
      targetType: "cluster",
      targetId: cluster.id,
      result: "failure",
      metadata: {
        resource: request.resource.resource,
        reason: decision.reason,
        message: decision.message,
        namespace: request.namespace ?? null,
        name: request.name ?? null,
        kube_user: request.userInfo?.username ?? null,
        // Denials of the same cluster and reason left out since the previous record (at most one per minute each).
        suppressed_since_last: sample.suppressed,
      },
    });
  } catch (err) {
    // The decision stands; losing one sampled record must not turn a denial into a webhook failure.
    deps.log.warn("admission denial could not be recorded", { cluster_id: cluster.id, reason: decision.reason, error: message(err) });
  }
}
