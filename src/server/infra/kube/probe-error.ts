import { KubeApiError } from "./kube-calls";

/**
 * Why a probe of a control plane (GET /version at connect, GET /readyz of the health task) failed, for the
 * cluster's status and the log: no answer within the timeout, the server's own answer, a certificate that does not
 * cover the address (with the knob that adds one), or the network's words. Never holds credentials.
 */
export function probeError(err: unknown, server: string, path: string, timedOutAfterMs: number | undefined): string {
  if (timedOutAfterMs !== undefined) return `${server} did not answer within ${Math.round(timedOutAfterMs / 100) / 10} s`;
  const failure = KubeApiError.from(err);
  if (failure.status !== undefined) return `${server}${path} answered ${failure.explanation}`;
  if (/ERR_TLS_CERT_ALTNAME_INVALID|altnames/.test(failure.detail)) {
    // A real vCluster's certificate covers only its own list of names (KUBE-FACTS); say which knob adds one.
    return `${server} failed TLS verification: the vCluster's serving certificate does not cover ${hostOf(server)} (${failure.detail}); use an address the certificate lists, or add it through control_plane_host / nodeport_host_address (they go into controlPlane.proxy.extraSANs)`;
  }
  return `${server} is unreachable: ${failure.detail}`;
}

function hostOf(server: string): string {
  try {
    return new URL(server).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return server;
  }
}
