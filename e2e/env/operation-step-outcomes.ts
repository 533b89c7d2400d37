import { parseOperationSteps, type OperationStep } from "@/server/domain/clusters/operation-steps";

/** Steps as `name:status`, so a failed comparison prints the whole timeline at once. */
export function stepOutcomes(steps: ReadonlyArray<{ name: string; status: string }>): string[] {
  return steps.map((s) => `${s.name}:${s.status}`);
}

/**
 * A create operation that converged for a cluster without a plan: every step succeeded except the
 * quota step, which has no plan limits to apply. Written out rather than derived from the
 * production step list, so a step that goes missing or changes order fails the tests.
 */
export const CREATE_CONVERGED_WITHOUT_PLAN: readonly string[] = [
  "ensure_namespace:succeeded",
  "apply_quota:skipped",
  "copy_platform_secret:succeeded",
  "helm_install:succeeded",
  "wait_control_plane:succeeded",
  "resolve_endpoint:succeeded",
  "probe_connection:succeeded",
  "managed_ingress:skipped",
];

/** A row's stored steps read through the production schema; a test fails loudly on a timeline the console could not read. */
export function storedSteps(json: unknown): OperationStep[] {
  const parsed = parseOperationSteps(json);
  if (!parsed.ok) throw new Error(`cluster_operations.steps is unreadable: ${parsed.problem}`);
  return parsed.steps;
}
