import type { PublicAccessMode } from "@/server/domain/clusters/public-access";
import { serviceTypeFor } from "@/server/domain/clusters/public-access";
import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import type { Cluster } from "@/server/infra/db/client";
import { readNodePortHostAddress } from "@/server/services/settings/read-system-settings";
import type { JobHandlerContext } from "@/server/services/jobs/job-handler";
import type { ClusterJobDeps } from "./cluster-job-deps";
import type { ProbeResult, ResolvedConnection } from "./kubeconfig-resolver";
import type { OperationRecorder } from "./operation-recorder";
import { extraSanHostFor } from "./nodeport-host";
import { writeOrStopForDelete } from "./write-unless-deleting";

/**
 * The control-plane steps create and update share. Each records itself in
 * the operation's timeline; the cluster row is the desired state, so running
 * them again converges.
 */
export type ControlPlaneStepDeps = Pick<
  ClusterJobDeps,
  "db" | "provisioner" | "resolver" | "loadBaseValues" | "controlPlaneTimeoutMs"
>;

export async function applyPlanQuota(deps: ControlPlaneStepDeps, op: OperationRecorder, cluster: Cluster): Promise<void> {
  if (!cluster.cpuQuota || !cluster.memoryQuota) {
    await op.skip("apply_quota", "no plan quota for this cluster");
    return;
  }
  // A node runs up to 110 pods by default; the namespace holds only the control plane, but the quota must not starve it.
  const quota = { cpu: cluster.cpuQuota, memory: cluster.memoryQuota, pods: Math.max(10, (cluster.nodeQuota ?? 1) * 110) };
  await op.step("apply_quota", () => deps.provisioner.applyQuota({ namespace: cluster.namespace, quota }));
}

/** helm upgrade --install with values from the row, then wait until vCluster exports its kubeconfig. */
export async function installControlPlane(
  deps: ControlPlaneStepDeps,
  op: OperationRecorder,
  cluster: Cluster,
  mode: PublicAccessMode,
  step: "helm_install" | "helm_upgrade",
  context: JobHandlerContext,
): Promise<void> {
  const { signal } = context;
  await op.step(step, async () => {
    const sanHost = await extraSanHostFor(deps, cluster, mode);
    const values = buildVclusterValues(await deps.loadBaseValues(), { serviceType: serviceTypeFor(mode), controlPlaneHost: sanHost });
    await deps.provisioner.installOrUpgrade({ releaseName: cluster.vclusterName, namespace: cluster.namespace, values, signal });
  });
  await op.step("wait_control_plane", () =>
    deps.provisioner.waitForControlPlane({ namespace: cluster.namespace, releaseName: cluster.vclusterName, timeoutMs: deps.controlPlaneTimeoutMs, signal }),
  );
  await context.renewLease();
}

/** Resolves and stores the endpoint, probes /version, then marks the cluster ready and the operation succeeded together. */
export async function connectAndFinish(
  deps: ControlPlaneStepDeps,
  op: OperationRecorder,
  cluster: Cluster,
  mode: PublicAccessMode,
  context: JobHandlerContext,
): Promise<{ connection: ResolvedConnection; probe: Extract<ProbeResult, { ok: true }> }> {
  const connection = await op.step("resolve_endpoint", async () => {
    const resolved = await deps.resolver.resolve(
      { namespace: cluster.namespace, vclusterName: cluster.vclusterName, mode, controlPlaneHost: cluster.controlPlaneHost, nodePortHostAddress: await readNodePortHostAddress(deps) },
    );
    await writeOrStopForDelete(deps, cluster.id, {
      apiEndpoint: resolved.apiEndpoint,
      publicAccessPort: resolved.publicAccessPort,
      kubeconfigAvailable: resolved.userKubeconfigYaml !== null,
    });
    return resolved;
  });
  const probe = await op.step("probe_connection", async () => {
    const result = await deps.resolver.probe(connection.credentials, { signal: context.signal });
    if (!result.ok) throw new Error(`the control plane does not answer yet: ${result.error}`);
    return result;
  });
  await op.succeed((tx) => writeOrStopForDelete({ db: tx }, cluster.id, { status: "ready", lastError: null, connectionStatus: mode === "off" ? "disabled" : "connected" }));
  return { connection, probe };
}
