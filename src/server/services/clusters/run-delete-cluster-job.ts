import { z } from "zod";
import { controlPlaneRouteAction } from "@/server/domain/clusters/control-plane-tls-route";
import { finalizersFromConditions, stuckNamespaceMessage, type FinalizerHolder } from "@/server/domain/clusters/orphan-report";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import type { Cluster } from "@/server/infra/db/client";
import { notifyClusterEvent } from "@/server/services/notifications/emitters";
import { endsTheJob } from "@/server/services/jobs/job-failure";
import { PermanentJobError, type JobHandler, type JobHandlerContext } from "@/server/services/jobs/job-handler";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { runControlPlaneRouteSteps } from "./control-plane-route-step";
import { resolveClusterConnection } from "./connect-to-cluster";
import { messageOf, OperationRecorder } from "./operation-recorder";
import { saveOrphanReport, type ForcedRemoval } from "./build-orphan-report";

/** The part of the cluster runtime this job uses. */
export type DeleteClusterJobDeps = Pick<
  ClusterJobDeps,
  "db" | "log" | "now" | "provisioner" | "hostInventory" | "namespaceDeletionTimeoutMs" | "publicAccessProvider" | "controlPlaneRoutes" | "resolver" | "admissionWebhooks"
>;

/** `force`: an admin's forced delete (force-delete-cluster.ts) — finalizers holding the namespace are removed. */
export const deleteJobPayloadSchema = z.object({ force: z.boolean().default(false), reason: z.string().default("") });
export type DeleteJobPayload = z.infer<typeof deleteJobPayloadSchema>;

/**
 * The `cluster.delete` job: with the gatewayapi provider, delete the cluster's TLSRoute first (frees
 * its hostname on the shared Gateway at once); helm uninstall, then delete the host namespace
 * and wait until it is gone (so the names can be reused and nothing keeps
 * running), then mark the row deleted. Both host steps treat "already gone"
 * as success, so a retry after a crash converges. Every run ends by writing the orphan report
 * (build-orphan-report.ts) on the operation, also when the namespace outlived its timeout: then the step's message
 * names the finalizers holding it. A forced run removes those finalizers (and the namespace's own) itself.
 */
export function deleteClusterJobHandler(deps: DeleteClusterJobDeps): JobHandler {
  return async (job: ClusterJob, context: JobHandlerContext) => {
    const cluster = await deps.db.cluster.findUnique({ where: { id: job.clusterId } });
    if (!cluster) throw new PermanentJobError(`cluster ${job.clusterId} no longer exists; nothing to delete`);
    if (cluster.status === "deleted") return;
    if (!job.operationId) throw new PermanentJobError(`job ${job.id} has no operation to record its steps in`);
    const payload = deleteJobPayloadSchema.safeParse(job.payload ?? {});
    if (!payload.success) throw new PermanentJobError(`job ${job.id} has an unreadable payload: ${z.prettifyError(payload.error)}`);
    const { force, reason } = payload.data;
    const op = await OperationRecorder.start(deps, job.operationId, { route: controlPlaneRouteAction(deps.publicAccessProvider, "deleted"), forced: force });
    const signal = context.signal;
    const forced: ForcedRemoval | null = force ? { reason, removed: [], namespaceFinalizersCleared: [] } : null;

    try {
      await removeAdmissionWebhook(deps, cluster);
      await runControlPlaneRouteSteps(deps, op, cluster, "deleted", signal);
      await op.step("helm_uninstall", () => deps.provisioner.uninstall({ releaseName: cluster.vclusterName, namespace: cluster.namespace, signal }));
      await context.renewLease();
      if (forced) {
        await op.step("force_remove_finalizers", () => forceRemoveFinalizers(deps, cluster.namespace, forced), { detail: describeForced });
      }
      await op.step("delete_namespace", () => deleteNamespace(deps, cluster.namespace, forced, signal));
      // Before the row turns deleted, so a deleted cluster's operation already carries its report.
      await saveOrphanReport(deps, job.operationId, cluster, forced);
      await op.step("mark_deleted", async () => {
        await deps.db.cluster.update({
          where: { id: cluster.id },
          data: {
            status: "deleted",
            deletedAt: deps.now(),
            lastError: null,
            kubeconfigAvailable: false,
            connectionStatus: "disabled",
            apiEndpoint: null,
            publicAccessPort: null,
          },
        });
      });
      await op.succeed();
      deps.log.info("cluster deleted", { cluster_id: cluster.id, namespace: cluster.namespace });
      await notifyClusterEvent(deps, cluster, "cluster.deleted");
    } catch (error) {
      const final = endsTheJob(job, error);
      await saveOrphanReport(deps, job.operationId, cluster, forced);
      await op.fail(error, final);
      // After the last attempt the cluster shows the error and DELETE may be sent again.
      await deps.db.cluster.update({ where: { id: cluster.id }, data: { status: final ? "error" : "deleting", lastError: messageOf(error) } });
      throw error;
    }
  };
}

/**
 * Best effort, before anything else goes: the platform's admission webhook configuration leaves the vCluster while its
 * apiserver still answers, so pods created during the teardown are not refused by a webhook about to disappear. A
 * failure is logged only: the configuration goes with the vCluster anyway.
 */
async function removeAdmissionWebhook(deps: DeleteClusterJobDeps, cluster: Cluster): Promise<void> {
  if (!deps.admissionWebhooks || cluster.admissionWebhookAppliedHash === null) return;
  try {
    const { credentials } = await resolveClusterConnection(deps, cluster);
    await deps.admissionWebhooks.delete(credentials);
    await deps.db.cluster.update({ where: { id: cluster.id }, data: { admissionWebhookAppliedHash: null, admissionWebhookAppliedAt: null, admissionWebhookStatus: "disabled", admissionWebhookMessage: null } });
  } catch (error) {
    deps.log.warn("could not remove the admission webhook configuration before deleting the cluster; it goes with the vCluster", { cluster_id: cluster.id, error: messageOf(error) });
  }
}

/**
 * Deletes the namespace and waits. When it outlives the timeout the error names the finalizers holding it (from
 * the namespace controller's conditions, and the objects carrying them). A forced run then removes what holds it
 * once more (a controller may have put a finalizer back) plus the namespace's own spec.finalizers, and waits again.
 */
async function deleteNamespace(deps: DeleteClusterJobDeps, namespace: string, forced: ForcedRemoval | null, signal: AbortSignal | undefined): Promise<void> {
  const wait = () => deps.provisioner.deleteNamespace({ namespace, timeoutMs: deps.namespaceDeletionTimeoutMs, signal });
  try {
    await wait();
    return;
  } catch (error) {
    const state = await deps.hostInventory.readNamespace(namespace).catch(() => null);
    if (!state?.present) throw error;
    if (!forced) throw new Error(await describeStuckNamespace(deps, namespace, state.conditions), { cause: error });
  }
  await forceRemoveFinalizers(deps, namespace, forced);
  forced.namespaceFinalizersCleared.push(...(await deps.hostInventory.clearNamespaceFinalizers(namespace)));
  await wait();
}

async function describeStuckNamespace(deps: DeleteClusterJobDeps, namespace: string, conditions: Parameters<typeof finalizersFromConditions>[0]): Promise<string> {
  const holders = await deps.hostInventory.listFinalizerHolders(namespace).catch((error: unknown) => {
    deps.log.warn("could not list the objects holding a namespace", { namespace, error: messageOf(error) });
    return [];
  });
  return stuckNamespaceMessage({ namespace, timeoutSeconds: Math.round(deps.namespaceDeletionTimeoutMs / 1000), finalizers: finalizersFromConditions(conditions), holders });
}

/** Sets metadata.finalizers to [] on every object in the namespace that carries some; records what it removed. */
async function forceRemoveFinalizers(deps: DeleteClusterJobDeps, namespace: string, forced: ForcedRemoval): Promise<FinalizerHolder[]> {
  const state = await deps.hostInventory.readNamespace(namespace);
  if (!state.present) return [];
  const holders = await deps.hostInventory.listFinalizerHolders(namespace);
  const removed = await deps.hostInventory.removeFinalizers(namespace, holders);
  forced.removed.push(...removed);
  deps.log.warn("forced delete removed finalizers", { namespace, objects: removed.map((h) => `${h.kind}/${h.name}:${h.finalizers.join("+")}`) });
  return removed;
}

function describeForced(removed: FinalizerHolder[]): string {
  if (removed.length === 0) return "no object in the namespace carried finalizers";
  return `removed finalizers from ${removed.map((h) => `${h.kind}/${h.name} (${h.finalizers.join(", ")})`).join(", ")}`;
}
