import { z } from "zod";

/**
 * What a finished (or stopped) cluster delete left behind, stored in cluster_operations.report and shown by
 * GET /clusters/{id}/operations: the host namespace and what holds it, PersistentVolumes that outlived it,
 * the platform's records for the cluster, and — for an admin's forced run — what was force-removed.
 */

/** One finalizer as the namespace controller counts it ("<name> in <n> resource instances"). */
export const finalizerCountSchema = z.object({ finalizer: z.string(), count: z.number().int().nonnegative() });
export type FinalizerCount = z.infer<typeof finalizerCountSchema>;

/** A namespaced object that still carries finalizers (found by listing the namespace's resources). */
export const finalizerHolderSchema = z.object({
  api_version: z.string(),
  kind: z.string(),
  name: z.string(),
  finalizers: z.array(z.string()),
});
export type FinalizerHolder = z.infer<typeof finalizerHolderSchema>;

export const orphanVolumeSchema = z.object({
  name: z.string(),
  claim: z.string().nullable(),
  reclaim_policy: z.string().nullable(),
  phase: z.string().nullable(),
});
export type OrphanVolume = z.infer<typeof orphanVolumeSchema>;

export const orphanReportSchema = z.object({
  namespace: z.object({
    name: z.string(),
    /** false: the namespace is gone. */
    present: z.boolean(),
    phase: z.string().nullable(),
    finalizers: z.array(finalizerCountSchema),
    /** "configmaps has 1 resource instances"-style remainders from NamespaceContentRemaining. */
    remaining_content: z.array(z.string()),
    holders: z.array(finalizerHolderSchema),
  }),
  /** PersistentVolumes whose claimRef points into the namespace (Retain keeps them after their claim is gone). */
  persistent_volumes: z.array(orphanVolumeSchema),
  /** Names the DNS automation published for the cluster; the DNS pass started by the delete removes them. */
  dns_records: z.array(z.string()),
  /** Bootstrap tokens still valid at the time of the report (they die with the vCluster; rows kept for the audit trail). */
  active_join_tokens: z.array(z.string()),
  /** Host nodes whose route plan still carries routes of this cluster (routeagent mode). */
  route_plans: z.array(z.string()),
  /** Only in a forced run: the finalizers the platform removed, per object, and whether the namespace's own were cleared. */
  forced: z
    .object({
      reason: z.string(),
      removed: z.array(finalizerHolderSchema),
      namespace_finalizers_cleared: z.array(z.string()),
    })
    .nullable(),
  written_at: z.string(),
});
export type OrphanReport = z.infer<typeof orphanReportSchema>;

/** The stored column read back; a row another version wrote in another shape shows as no report. */
export function parseOrphanReport(json: unknown): OrphanReport | null {
  const parsed = orphanReportSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** True when the report lists anything the operator still has to look at. */
export function reportHasOrphans(report: OrphanReport): boolean {
  return report.namespace.present || report.persistent_volumes.length > 0 || report.dns_records.length > 0 || report.route_plans.length > 0;
}

/** The namespace conditions the Kubernetes namespace controller writes while it deletes content. */
export const NAMESPACE_FINALIZERS_REMAINING = "NamespaceFinalizersRemaining";
export const NAMESPACE_CONTENT_REMAINING = "NamespaceContentRemaining";

export interface NamespaceConditionLike {
  type: string;
  status: string;
  message?: string;
}

// pkg/controller/namespace/deletion/status_condition_utils.go:
//   "Some content in the namespace has finalizers remaining: %s" with entries "%s in %d resource instances" joined by ", "
//   "Some resources are remaining: %s" with entries "%s.%s has %d resource instances" (resource.group) joined by ", "
const FINALIZERS_PREFIX = "Some content in the namespace has finalizers remaining: ";
const CONTENT_PREFIX = "Some resources are remaining: ";
const FINALIZER_ENTRY = /^(\S+) in (\d+) resource instances$/;

/** The finalizers (with counts) named by a True NamespaceFinalizersRemaining condition; [] when none holds the namespace. */
export function finalizersFromConditions(conditions: readonly NamespaceConditionLike[]): FinalizerCount[] {
  const message = trueConditionMessage(conditions, NAMESPACE_FINALIZERS_REMAINING, FINALIZERS_PREFIX);
  if (message === null) return [];
  const found: FinalizerCount[] = [];
  for (const entry of message.split(", ")) {
    const match = FINALIZER_ENTRY.exec(entry.trim());
    if (match) found.push({ finalizer: match[1]!, count: Number(match[2]) });
  }
  return found;
}

/** The resource remainders of a True NamespaceContentRemaining condition ("configmaps has 1 resource instances"). */
export function remainingContentFromConditions(conditions: readonly NamespaceConditionLike[]): string[] {
  const message = trueConditionMessage(conditions, NAMESPACE_CONTENT_REMAINING, CONTENT_PREFIX);
  if (message === null) return [];
  // The core group is empty, so the controller writes "configmaps. has …": drop the dangling dot.
  return message
    .split(", ")
    .map((entry) => entry.trim().replace(/^(\S+?)\. has /, "$1 has "))
    .filter((entry) => entry.length > 0);
}

function trueConditionMessage(conditions: readonly NamespaceConditionLike[], type: string, prefix: string): string | null {
  const condition = conditions.find((c) => c.type === type && c.status === "True");
  if (!condition?.message?.startsWith(prefix)) return null;
  return condition.message.slice(prefix.length);
}

/**
 * The delete_namespace step's message when the namespace outlived the timeout: which finalizers hold it and
 * what to do. `holders` names the objects when they could be listed.
 */
export function stuckNamespaceMessage(input: { namespace: string; timeoutSeconds: number; finalizers: readonly FinalizerCount[]; holders: readonly FinalizerHolder[] }): string {
  const head = `namespace ${input.namespace} was still terminating after ${input.timeoutSeconds} s`;
  if (input.finalizers.length === 0 && input.holders.length === 0) {
    return `${head}; no finalizer is reported yet. See what blocks it with: kubectl get namespace ${input.namespace} -o yaml`;
  }
  const names = input.finalizers.length > 0 ? input.finalizers.map((f) => `${f.finalizer} (${f.count})`) : [...new Set(input.holders.flatMap((h) => h.finalizers))];
  const objects = input.holders.slice(0, 10).map((h) => `${h.kind}/${h.name}`);
  return [
    `${head}: held by finalizers ${names.join(", ")}`,
    objects.length > 0 ? ` on ${objects.join(", ")}${input.holders.length > objects.length ? ", …" : ""}` : "",
    ". The controller that owns each finalizer must finish its cleanup (reinstall it if it is gone), or an administrator",
    " can force the deletion (Admin → cluster → Force delete), which removes the finalizers without that cleanup.",
  ].join("");
}
