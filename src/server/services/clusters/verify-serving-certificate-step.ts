import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { hostOnly, type PublicAccessMode } from "@/server/domain/clusters/public-access";
import type { Cluster } from "@/server/infra/db/client";
import { PermanentJobError } from "@/server/services/jobs/job-handler";
import { readNodePortHostAddress } from "@/server/services/settings/read-system-settings";
import { abortableSleep } from "./abortable-sleep";
import type { ClusterJobDeps } from "./cluster-job-deps";
import type { OperationRecorder } from "./operation-recorder";
import type { ServingCertificateCheck } from "./serving-certificate-probe";

export type VerifyServingCertificateDeps = Pick<ClusterJobDeps, "db" | "resolver" | "servingCertificates" | "servingCertificateTimeoutMs" | "servingCertificatePollMs">;

/**
 * One handshake's own limit, independent of the step's deadline (which it may overrun by this much):
 * the last try must be a whole one, so the failure can say which names the certificate carries.
 */
const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * The `verify_serving_certificate` step (after wait_control_plane, before resolve_endpoint): the
 * api_endpoint and the users' kubeconfig only switch to a new public name once the control plane
 * serves a certificate valid for it. vCluster re-issues its serving certificate from
 * controlPlane.proxy.extraSANs on its own time (KUBE-FACTS "The proxy's serving certificate"), so the
 * step polls a real TLS handshake over the platform's route, verified against the cluster CA and the
 * name, until it passes or `servingCertificateTimeoutMs` ends.
 *
 * `servedHost` is the name the helm step rendered (control_plane_host, or the derived nodeport
 * address); with public access off, or none (a load balancer's own address, which vCluster adds
 * itself), there is no name of ours to wait for and the step is skipped with the reason.
 */
export async function verifyServingCertificate(
  deps: VerifyServingCertificateDeps,
  op: OperationRecorder,
  cluster: Cluster,
  mode: PublicAccessMode,
  servedHost: string | null,
  signal?: AbortSignal,
): Promise<void> {
  if (mode === "off") {
    await op.skip("verify_serving_certificate", "public access is off: the cluster has no public name to verify");
    return;
  }
  if (!servedHost?.trim()) {
    await op.skip("verify_serving_certificate", "no control_plane_host: the load balancer's own address is in the certificate by vCluster's rules");
    return;
  }
  const name = hostOnly(servedHost.trim());
  await op.step("verify_serving_certificate", async () => {
    // The platform's own route and the cluster CA; read-only, resolve_endpoint writes the endpoint afterwards.
    const { credentials } = await deps.resolver.resolve({
      namespace: cluster.namespace,
      vclusterName: cluster.vclusterName,
      mode,
      controlPlaneHost: cluster.controlPlaneHost,
      nodePortHostAddress: await readNodePortHostAddress(deps),
    });
    const last = await pollUntilCovered(deps, credentials, name, signal);
    if (!last.ok) throw new PermanentJobError(missingNameMessage(cluster, name, credentials.server, last, deps.servingCertificateTimeoutMs));
  });
}

async function pollUntilCovered(deps: VerifyServingCertificateDeps, credentials: ClusterCredentials, name: string, signal?: AbortSignal): Promise<ServingCertificateCheck> {
  const deadline = Date.now() + deps.servingCertificateTimeoutMs;
  for (;;) {
    const check = await deps.servingCertificates.check(credentials, name, { timeoutMs: HANDSHAKE_TIMEOUT_MS, signal });
    if (check.ok || Date.now() >= deadline) return check;
    signal?.throwIfAborted();
    await abortableSleep(Math.min(deps.servingCertificatePollMs, Math.max(0, deadline - Date.now())), signal);
  }
}

function missingNameMessage(cluster: Cluster, name: string, server: string, last: Extract<ServingCertificateCheck, { ok: false }>, timeoutMs: number): string {
  const carries = last.servedNames ? `it carries ${last.servedNames.length ? last.servedNames.join(", ") : "no names"}` : "its names could not be read";
  return (
    `the control plane (${server}) did not serve a certificate valid for ${name} within ${Math.round(timeoutMs / 1000)} s: ${last.reason}; ${carries}. ` +
    `The api_endpoint was not switched to ${name}. Check that Secret ${cluster.namespace}/vc-config-${cluster.vclusterName} (key config.yaml) lists ${name} under ` +
    `controlPlane.proxy.extraSANs and that the control-plane Pod ${cluster.namespace}/${cluster.vclusterName}-0 runs with it, then update the cluster again`
  );
}
