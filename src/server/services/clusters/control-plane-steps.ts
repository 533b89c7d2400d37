import type { PublicAccessMode } from "@/server/domain/clusters/public-access";
import { serviceTypeFor } from "@/server/domain/clusters/public-access";
import { namespaceQuotaFor } from "@/server/domain/clusters/control-plane-quota";
import { controlPlaneContainerResources } from "@/server/domain/clusters/control-plane-size";
import { servedControlPlaneHosts } from "@/server/domain/clusters/served-control-plane-hosts";
import { buildVclusterValues } from "@/server/domain/clusters/vcluster-values";
import type { Cluster } from "@/server/infra/db/client";
import { readNodePortHostAddress } from "@/server/services/settings/read-system-settings";
import type { JobHandlerContext } from "@/server/services/jobs/job-handler";
import type { ClusterJobDeps } from "./cluster-job-deps";
import { clusterControlPlaneSize } from "./cluster-control-plane";
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
  "db" | "log" | "now" | "provisioner" | "resolver" | "loadBaseValues" | "controlPlaneTimeoutMs" | "publicAccessProvider" | "controlPlaneRoutes"
>;

/**
 * ResourceQuota and LimitRange that admit exactly the plan's control plane
 * (domain/clusters/control-plane-quota.ts). Runs before helm, so an upgrade's new
 * Pod is measured against the new plan's numbers.
 */
export async function applyPlanQuota(deps: ControlPlaneStepDeps, op: OperationRecorder, cluster: Cluster): Promise<void> {
  const size = clusterControlPlaneSize(cluster);
  if (!size) {
    await op.skip("apply_quota", "no plan for this cluster");
    return;
  }
  const quota = namespaceQuotaFor(size, { cpu: cluster.cpuQuota, memory: cluster.memoryQuota });
  await op.step("apply_quota", () => deps.provisioner.applyQuota({ namespace: cluster.namespace, quota }));
}

/**
 * helm upgrade --install with values from the row, then wait until vCluster exports its kubeconfig.
 * Returns the served public name it put into extraSANs (control_plane_host or the derived nodeport
 * address; null when none), for the step that waits until the certificate covers it. A previous
 * name still in its grace goes into extraSANs too (served-control-plane-hosts.ts); one whose grace
 * has ended is left out.
 */
export async function installControlPlane(
  deps: ControlPlaneStepDeps,
  op: OperationRecorder,
  cluster: Cluster,
  mode: PublicAccessMode,
  step: "helm_install" | "helm_upgrade",
  context: JobHandlerContext,
): Promise<{ servedHost: string | null }> {
  const size = clusterControlPlaneSize(cluster);
  const { signal } = context;
  const servedHost = await op.step(step, async () => {
    const sanHost = await extraSanHostFor(deps, cluster, mode);
    const hosts = servedControlPlaneHosts(
      { currentHost: sanHost, previousHost: cluster.previousControlPlaneHost, previousUntil: cluster.previousControlPlaneHostUntil },
      deps.now(),
    );
    const values = buildVclusterValues(await deps.loadBaseValues(), {
      serviceType: serviceTypeFor(mode, deps.publicAccessProvider),
      controlPlaneHosts: hosts,
      controlPlane: size
        ? {
            resources: controlPlaneContainerResources(size),
            dataVolume: size.dataVolumeSize ? { size: size.dataVolumeSize, storageClass: size.storageClass } : null,
          }
        : undefined,
    });
    await deps.provisioner.installOrUpgrade({ releaseName: cluster.vclusterName, namespace: cluster.namespace, values, signal });
    // What the release now reflects, so a later provider change finds this cluster to re-render.
    await writeOrStopForDelete(deps, cluster.id, { renderedPublicAccessProvider: deps.publicAccessProvider });
    return sanHost;
  });
  await op.step("wait_control_plane", () =>
    deps.provisioner.waitForControlPlane({ namespace: cluster.namespace, releaseName: cluster.vclusterName, timeoutMs: deps.controlPlaneTimeoutMs, signal }),
  );
  await context.renewLease();
  return { servedHost };
}

/**
 * Resolves and stores the endpoint, probes /version, runs `beforeFinish` (the managed_ingress step,
 * which needs a connected control plane), then marks the cluster ready and the operation succeeded together.
 */
export async function connectAndFinish(
  deps: ControlPlaneStepDeps,
  op: OperationRecorder,
  cluster: Cluster,
  mode: PublicAccessMode,
  context: JobHandlerContext,
  beforeFinish?: (connection: ResolvedConnection) => Promise<unknown>,
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
  await beforeFinish?.(connection);
  await op.succeed((tx) => writeOrStopForDelete({ db: tx }, cluster.id, { status: "ready", lastError: null, connectionStatus: mode === "off" ? "disabled" : "connected" }));
  return { connection, probe };
}
