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
  "managed_ingress",
] as const;
// ensure_namespace first: it converges the namespace's labels and the platform's RoleBinding there
// (KUBEBYON_TENANT_CLUSTER_ROLE), which every later step needs — also for clusters created before it was set.
// verify_serving_certificate before resolve_endpoint: the endpoint only moves to a new public name the certificate covers.
export const UPDATE_STEPS = [
  "ensure_namespace",
  "apply_quota",
  "helm_upgrade",
  "wait_control_plane",
  "verify_serving_certificate",
  "resolve_endpoint",
  "probe_connection",
  "managed_ingress",
] as const;
export const DELETE_STEPS = ["helm_uninstall", "delete_namespace", "mark_deleted"] as const;
/** Only in an admin's forced delete (docs/cluster-deletion.md): after helm uninstall, before the namespace is deleted. */
export const FORCE_DELETE_STEPS = ["force_remove_finalizers"] as const;
// Only managed_workload_ingress_enabled changed (or a failed reconcile is retried): the control plane stays as it is.
export const MANAGED_INGRESS_STEPS = ["resolve_endpoint", "managed_ingress"] as const;
/**
 * The Gateway API provider's per-cluster TLSRoute (docs/control-plane-edge.md): only with
 * KUBEBYON_PUBLIC_ACCESS_PROVIDER=gatewayapi, so they join a create timeline right after
 * wait_control_plane and an update's right after verify_serving_certificate (publish for a
 * loadbalancer cluster, withdraw otherwise) and lead a delete's.
 */
export const PUBLISH_ROUTE_STEPS = ["publish_route", "route_status"] as const;
export const WITHDRAW_ROUTE_STEPS = ["withdraw_route"] as const;
/** What an operation does with the cluster's TLSRoute; null: nothing (another provider, or a managed_ingress operation). */
export type ControlPlaneRouteAction = "publish" | "withdraw" | null;

export const operationKinds = ["create", "update", "delete", "managed_ingress"] as const;
export type OperationKind = (typeof operationKinds)[number];
export const isOperationKind = (kind: string): kind is OperationKind => (operationKinds as readonly string[]).includes(kind);

export const stepNameSchema = z.enum([...CREATE_STEPS, ...UPDATE_STEPS, ...DELETE_STEPS, ...MANAGED_INGRESS_STEPS, ...PUBLISH_ROUTE_STEPS, ...WITHDRAW_ROUTE_STEPS, ...FORCE_DELETE_STEPS]);
export type StepName = z.infer<typeof stepNameSchema>;
export const operationStepStatuses = ["pending", "running", "succeeded", "failed", "skipped"] as const;
export const operationStepStatusSchema = z.enum(operationStepStatuses);
export type StepStatus = z.infer<typeof operationStepStatusSchema>;

/** An operation as a whole (PostgreSQL enum ClusterOperationStatus); its steps may also be skipped. */
export const clusterOperationStatuses = ["pending", "running", "succeeded", "failed"] as const;
export const clusterOperationStatusSchema = z.enum(clusterOperationStatuses);

/** One entry of cluster_operations.steps, as stored and as the API shows it. */
export const operationStepSchema = z.object({
  name: stepNameSchema,
  status: operationStepStatusSchema,
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  message: z.string().nullable(),
});
export type OperationStep = z.infer<typeof operationStepSchema>;
export const operationStepsSchema = z.array(operationStepSchema);

/**
 * The stored steps JSON read through the schema. Only our writers fill the
 * column, so a failure means a bug or a hand edit; `problem` says what is
 * wrong, for the log.
 */
export function parseOperationSteps(json: unknown): { ok: true; steps: OperationStep[] } | { ok: false; problem: string } {
  const parsed = operationStepsSchema.safeParse(json);
  return parsed.success ? { ok: true, steps: parsed.data } : { ok: false, problem: z.prettifyError(parsed.error) };
}

/** The steps as they are written to the column: through the same schema, so nothing a reader would refuse is stored. */
export function storedOperationSteps(steps: readonly OperationStep[]): OperationStep[] {
  return operationStepsSchema.parse(steps);
}

const STEPS: Record<OperationKind, readonly StepName[]> = { create: CREATE_STEPS, update: UPDATE_STEPS, delete: DELETE_STEPS, managed_ingress: MANAGED_INGRESS_STEPS };

/** The kind's steps in order; `route` adds the TLSRoute steps where that kind runs them, `forced` the forced delete's step. */
export function stepNames(kind: OperationKind, route: ControlPlaneRouteAction = null, forced = false): readonly StepName[] {
  const base = kind === "delete" && forced ? withForceStep(DELETE_STEPS) : STEPS[kind];
  if (route === null || kind === "managed_ingress") return base;
  const routeSteps: readonly StepName[] = route === "publish" ? PUBLISH_ROUTE_STEPS : WITHDRAW_ROUTE_STEPS;
  // Freeing the hostname on the shared Gateway is the first thing a delete does.
  if (kind === "delete") return route === "withdraw" ? [...routeSteps, ...base] : base;
  // After the certificate check where the kind has one: a name is routed once the certificate covers it.
  const after = base.includes("verify_serving_certificate") ? "verify_serving_certificate" : "wait_control_plane";
  const at = base.indexOf(after) + 1;
  return [...base.slice(0, at), ...routeSteps, ...base.slice(at)];
}

function withForceStep(steps: readonly StepName[]): StepName[] {
  const at = steps.indexOf("helm_uninstall") + 1;
  return [...steps.slice(0, at), ...FORCE_DELETE_STEPS, ...steps.slice(at)];
}

export function initialSteps(kind: OperationKind, route: ControlPlaneRouteAction = null, forced = false): OperationStep[] {
  return stepNames(kind, route, forced).map((name) => ({ name, status: "pending", started_at: null, finished_at: null, message: null }));
}

/** Returns a new list with one step changed; an unknown step name is a programming error. */
export function withStep(steps: readonly OperationStep[], name: StepName, change: Partial<Omit<OperationStep, "name">>): OperationStep[] {
  if (!steps.some((s) => s.name === name)) throw new Error(`operation has no step "${name}"`);
  return steps.map((s) => (s.name === name ? { ...s, ...change } : s));
}
