import { sameAppliedCondition, type AppliedCondition } from "@/server/domain/pod-routes/route-plan-resource";
import { convergePodRoutes, type ConvergeResult } from "./converge-pod-routes";
import type { HostRouteTable, NodeRoutePlanAccess } from "./ports";

export interface NodeRoutePlanPass {
  /** false: the node has no plan, so it converged to no routes and no status was written. */
  planFound: boolean;
  generation: number | null;
  result: ConvergeResult;
  condition: AppliedCondition | null;
  /** false when the plan already carried this condition (a write would only wake the watch again). */
  statusWritten: boolean;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The node's state after a pass, not what the pass changed (describeConverge, for the log): a pass that replaced two
 * routes and the next that found them unchanged leave the same message, so the status is not rewritten (each write
 * wakes the agent's own watch).
 */
export function stateMessage(result: ConvergeResult): string {
  const inPlace = result.replaced.length + result.unchanged;
  const parts = [`${inPlace} route${inPlace === 1 ? "" : "s"} in place`];
  if (result.blocked.length) parts.push(`blocked: ${result.blocked.map((b) => b.message).join("; ")}`);
  if (result.failed.length) parts.push(`failed: ${result.failed.map((f) => `${f.destination}: ${f.message}`).join("; ")}`);
  return parts.join("; ");
}

/** Applied=True only when every route is in place; a foreign route holding a destination is Blocked, an iproute2 refusal Failed. */
export function appliedConditionFor(result: ConvergeResult, generation: number): Omit<AppliedCondition, "lastTransitionTime"> {
  const reason = result.failed.length > 0 ? "Failed" : result.blocked.length > 0 ? "Blocked" : "Converged";
  return { type: "Applied", status: reason === "Converged" ? "True" : "False", reason, message: stateMessage(result), observedGeneration: generation };
}

/**
 * The route agent's pass: reads its node's plan, converges the node's marked routes to it (a missing plan to
 * none: the platform deleted it, so no route is wanted here) and writes status.conditions[Applied] when it
 * changed. A table that cannot even be listed is reported as Failed on the plan, then rethrown for the log.
 */
export async function convergeNodeRoutePlan(deps: { plan: NodeRoutePlanAccess; table: HostRouteTable; now: () => Date }): Promise<NodeRoutePlanPass> {
  const plan = await deps.plan.read();
  let result: ConvergeResult;
  let fatal: unknown;
  try {
    result = await convergePodRoutes(deps.table, plan?.routes ?? []);
  } catch (err) {
    fatal = err;
    result = { replaced: [], deleted: [], unchanged: 0, blocked: [], failed: [{ destination: "*", message: errorText(err) }] };
  }
  let condition: AppliedCondition | null = null;
  let statusWritten = false;
  if (plan) {
    const next = appliedConditionFor(result, plan.generation);
    const keepsStatus = plan.applied !== null && plan.applied.status === next.status && plan.applied.lastTransitionTime;
    condition = { ...next, lastTransitionTime: keepsStatus ? plan.applied!.lastTransitionTime : deps.now().toISOString().replace(/\.\d{3}Z$/, "Z") };
    if (!sameAppliedCondition(plan.applied, condition)) {
      await deps.plan.writeStatus(condition);
      statusWritten = true;
    }
  }
  if (fatal !== undefined) throw fatal;
  return { planFound: plan !== null, generation: plan?.generation ?? null, result, condition, statusWritten };
}
