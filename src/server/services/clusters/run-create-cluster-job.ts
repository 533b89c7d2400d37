import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import { effectivePublicAccessMode, serviceTypeFor } from "@/server/domain/clusters/public-access";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import { PermanentJobError, type JobHandler, type JobHandlerContext } from "@/server/services/jobs/job-handler";
import type { ClusterRuntimeDeps } from "./cluster-runtime-deps";
import { clusterOwnerLabels } from "./control-plane-provisioner";
import { messageOf, OperationRecorder } from "./operation-recorder";

/**
 * The `cluster.create` job (spec §5.2): namespace, quota, platform secret,
 * helm install of the vCluster chart, wait for its kubeconfig, resolve the
 * endpoint and probe it. Every step is idempotent, so a retry after a crash or
 * a failure converges; the cluster is `ready` only after a real /version probe.
 */
export function createClusterJobHandler(deps: ClusterRuntimeDeps): JobHandler {
  return async (job: ClusterJob, context: JobHandlerContext) => {
    const cluster = await deps.db.cluster.findUnique({ where: { id: job.clusterId } });
    if (!cluster || cluster.status === "deleted" || cluster.status === "deleting") {
      throw new PermanentJobError(`cluster ${job.clusterId} is gone or being deleted; nothing to create`);
    }
    if (!job.operationId) throw new PermanentJobError(`job ${job.id} has no operation to record its steps in`);
    const op = await OperationRecorder.start(deps, job.operationId);
    const mode = effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode });
    const signal = context.signal;

    try {
      await op.step("ensure_namespace", () =>
        deps.provisioner.ensureNamespace({ namespace: cluster.namespace, labels: clusterOwnerLabels({ clusterId: cluster.id, ownerId: cluster.ownerId }) }),
      );
      if (cluster.cpuQuota && cluster.memoryQuota) {
        const quota = { cpu: cluster.cpuQuota, memory: cluster.memoryQuota, pods: Math.max(10, (cluster.nodeQuota ?? 1) * 110) };
        await op.step("apply_quota", () => deps.provisioner.applyQuota({ namespace: cluster.namespace, quota }));
      } else {
        await op.skip("apply_quota", "no plan quota for this cluster");
      }
      await op.step("copy_platform_secret", () => deps.provisioner.copyPlatformSecret({ namespace: cluster.namespace }));
      await context.renewLease();
      const values = buildVclusterValues(await deps.loadBaseValues(), { serviceType: serviceTypeFor(mode), controlPlaneHost: cluster.controlPlaneHost });
      await op.step("helm_install", () => deps.provisioner.installOrUpgrade({ releaseName: cluster.vclusterName, namespace: cluster.namespace, values, signal }));
      await op.step("wait_control_plane", () =>
        deps.provisioner.waitForControlPlane({ namespace: cluster.namespace, releaseName: cluster.vclusterName, timeoutMs: deps.controlPlaneTimeoutMs, signal }),
      );
      await context.renewLease();
      const connection = await op.step("resolve_endpoint", async () => {
        const resolved = await deps.resolver.resolve(
          { namespace: cluster.namespace, vclusterName: cluster.vclusterName, mode, controlPlaneHost: cluster.controlPlaneHost },
          deps.resolveOptions?.(cluster),
        );
        await deps.db.cluster.update({
          where: { id: cluster.id },
          data: { apiEndpoint: resolved.apiEndpoint, publicAccessPort: resolved.publicAccessPort, kubeconfigAvailable: resolved.userKubeconfigYaml !== null },
        });
        return resolved;
      });
      const probe = await op.step("probe_connection", async () => {
        const result = await deps.resolver.probe(connection.credentials, { signal });
        if (!result.ok) throw new Error(`the control plane does not answer yet: ${result.error}`);
        return result;
      });
      await deps.db.cluster.update({
        where: { id: cluster.id },
        data: { status: "ready", lastError: null, connectionStatus: mode === "off" ? "disabled" : "connected" },
      });
      await op.succeed();
      deps.log.info("cluster ready", { cluster_id: cluster.id, kubernetes: probe.gitVersion, api_endpoint: connection.apiEndpoint });
    } catch (error) {
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      await op.fail(error, final);
      await deps.db.cluster.update({
        where: { id: cluster.id },
        data: { status: final ? "error" : "provisioning", lastError: messageOf(error), ...(final ? { connectionStatus: "unreachable" } : {}) },
      });
      throw error;
    }
  };
}
