import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ManagedIngressHealth } from "@/server/domain/managed-ingress/controller-profile";
import { NoReadyNodeError, waitingForNodeMessage } from "@/server/domain/managed-ingress/no-ready-node";
import type { ServiceDeps } from "@/server/services/service-deps";
import { abortableSleep as sleep } from "./abortable-sleep";
import { messageOf, StepSkipped, type OperationRecorder } from "./operation-recorder";
import { writeUnlessDeleting } from "./write-unless-deleting";
import type { ManagedIngressReconciler } from "./managed-ingress-reconciler";

/** What the managed_ingress step needs besides the database. */
export interface ManagedIngressDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  managedIngress: ManagedIngressReconciler;
  /** How long the step waits for the controller to become healthy after helm returned. */
  managedIngressReadyTimeoutMs: number;
  /** Between readiness checks. Default 2 s. */
  managedIngressPollMs?: number;
}

/** `waiting`: enabled, but no Ready node yet; the status stays `provisioning` until the node observer starts a reconcile. */
export type ManagedIngressResult = "skipped" | "ready" | "disabled" | "waiting" | "error";

class NotHealthyInTime extends Error {
  constructor(health: Extract<ManagedIngressHealth, { ready: false }>, timeoutMs: number) {
    super(`the managed ingress controller did not become ready within ${Math.round(timeoutMs / 1000)} s: ${health.reason}`);
    this.name = "NotHealthyInTime";
  }
}

/**
 * The `managed_ingress` step of the create, update and managed-ingress jobs (spec §1.2, §2.3): with the
 * vCluster's credentials, converge the controller on managed_workload_ingress_enabled as the row holds it
 * now, and write managed_workload_ingress_status / _last_error / _class back.
 *
 * A failure here is the ingress's, not the control plane's: the step is recorded as failed and the
 * status becomes `error` with the message, but nothing is thrown, so the job (and the cluster) still
 * succeeds — except when the job itself is being cancelled.
 *
 * No Ready node in the vCluster yet is not a failure (the flag means "install it as soon as it can run"):
 * the step is recorded as `skipped` with a "waiting for a Ready node" message, the status stays
 * `provisioning` with no last_error, and the node observer enqueues the `cluster.managed_ingress` job once
 * a node is Ready (resume-waiting-managed-ingress.ts).
 */
export async function runManagedIngressStep(
  deps: ManagedIngressDeps,
  op: OperationRecorder,
  clusterId: string,
  credentials: ClusterCredentials,
  signal?: AbortSignal,
): Promise<ManagedIngressResult> {
  const cluster = await deps.db.cluster.findUnique({ where: { id: clusterId } });
  if (!cluster) return "skipped";
  const enabled = cluster.managedWorkloadIngressEnabled;
  if (!enabled && cluster.managedWorkloadIngressStatus === "disabled") {
    await op.skip("managed_ingress", "managed workload ingress is off and nothing is installed");
    return "skipped";
  }
  await writeUnlessDeleting(deps, clusterId, { managedWorkloadIngressStatus: "provisioning", managedWorkloadIngressLastError: null });
  try {
    if (!enabled) {
      await op.step("managed_ingress", async () => {
        const done = await deps.managedIngress.disable({ credentials, signal });
        deps.log.info("managed ingress disabled", { cluster_id: clusterId, uninstalled: done.uninstalled, orphans_deleted: done.orphansDeleted });
      });
      await writeUnlessDeleting(deps, clusterId, { managedWorkloadIngressStatus: "disabled", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: null });
      return "disabled";
    }
    await op.step("managed_ingress", async () => {
      const outcome = await deps.managedIngress.ensure({ credentials, signal }).catch((error: unknown) => {
        throw error instanceof NoReadyNodeError ? new StepSkipped(waitingForNodeMessage(error), { cause: error }) : error;
      });
      const health = await waitUntilHealthy(deps, credentials, signal);
      deps.log.info("managed ingress ready", { cluster_id: clusterId, action: outcome.action, revision: outcome.revision, ingress_class: health.ingressClass });
    });
    // Read here, not before the try: a misconfigured adapter fails on first use, and that is this step's error.
    const { ingressClassName } = deps.managedIngress.profile;
    // It was just read healthy: that is a check too (and the re-check's writes, conditional on checked_at, yield to it).
    await writeUnlessDeleting(deps, clusterId, {
      managedWorkloadIngressStatus: "ready",
      managedWorkloadIngressLastError: null,
      managedWorkloadIngressClass: ingressClassName,
      managedWorkloadIngressCheckedAt: deps.now(),
    });
    return "ready";
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof StepSkipped) {
      // Written above already (provisioning, no last_error); nothing is installed and nothing failed.
      deps.log.info("managed ingress waits for a Ready node", { cluster_id: clusterId });
      return "waiting";
    }
    deps.log.warn("managed ingress reconcile failed", { cluster_id: clusterId, enabled, error: messageOf(error) });
    await writeUnlessDeleting(deps, clusterId, { managedWorkloadIngressStatus: "error", managedWorkloadIngressLastError: messageOf(error), managedWorkloadIngressCheckedAt: deps.now() });
    return "error";
  }
}

async function waitUntilHealthy(deps: ManagedIngressDeps, credentials: ClusterCredentials, signal?: AbortSignal): Promise<Extract<ManagedIngressHealth, { ready: true }>> {
  const deadline = Date.now() + deps.managedIngressReadyTimeoutMs;
  for (;;) {
    const health = await deps.managedIngress.status({ credentials, signal });
    if (health.ready) return health;
    if (Date.now() >= deadline) throw new NotHealthyInTime(health, deps.managedIngressReadyTimeoutMs);
    await sleep(Math.min(deps.managedIngressPollMs ?? 2_000, Math.max(0, deadline - Date.now())), signal);
  }
}
