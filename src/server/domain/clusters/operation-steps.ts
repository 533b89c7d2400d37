import { z } from "zod";

/**
 * The steps a cluster operation goes through, in order, so the console can
 * show a timeline before anything has run. Stored as JSON in
 * cluster_operations.steps and updated by the job handler as it works.
 */
export const CREATE_STEPS = [
  "ensure_namespace",
  "apply_quota",
  "copy_platform_secret",
  "helm_install",
  "wait_control_plane",
  "resolve_endpoint",
  "probe_connection",
] as const;
export const UPDATE_STEPS = ["apply_quota", "helm_upgrade", "wait_control_plane", "resolve_endpoint", "probe_connection"] as const;
export const DELETE_STEPS = ["helm_uninstall", "delete_namespace", "mark_deleted"] as const;

export type OperationKind = "create" | "update" | "delete";
export type StepName = (typeof CREATE_STEPS)[number] | (typeof UPDATE_STEPS)[number] | (typeof DELETE_STEPS)[number];
export const operationStepStatuses = ["pending", "running", "succeeded", "failed", "skipped"] as const;
export const operationStepStatusSchema = z.enum(operationStepStatuses);
export type StepStatus = z.infer<typeof operationStepStatusSchema>;

/** An operation as a whole (PostgreSQL enum ClusterOperationStatus); its steps may also be skipped. */
export const clusterOperationStatuses = ["pending", "running", "succeeded", "failed"] as const;
export const clusterOperationStatusSchema = z.enum(clusterOperationStatuses);

export interface OperationStep {
  name: StepName;
  status: StepStatus;
  started_at: string | null;
  finished_at: string | null;
  message: string | null;
}

const STEPS: Record<OperationKind, readonly StepName[]> = { create: CREATE_STEPS, update: UPDATE_STEPS, delete: DELETE_STEPS };

export function initialSteps(kind: OperationKind): OperationStep[] {
  return STEPS[kind].map((name) => ({ name, status: "pending", started_at: null, finished_at: null, message: null }));
}

/** Returns a new list with one step changed; an unknown step name is a programming error. */
export function withStep(steps: readonly OperationStep[], name: StepName, change: Partial<Omit<OperationStep, "name">>): OperationStep[] {
  if (!steps.some((s) => s.name === name)) throw new Error(`operation has no step "${name}"`);
  return steps.map((s) => (s.name === name ? { ...s, ...change } : s));
}
