import type { ReadinessOutcome } from "@/server/domain/cluster-health/connection-rules";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ControlPlaneReadiness } from "@/server/services/cluster-health/control-plane-readiness";
import { kubeStatusOf } from "./kube-calls";
import { getNonResourceUrl } from "./non-resource-get";
import { probeError } from "./probe-error";

/** /readyz answers "ok" or one line per check; anything far larger is not an apiserver's answer. */
const MAX_READYZ_BYTES = 64 * 1024;

/**
 * ControlPlaneReadiness over GET /readyz. A not-ready apiserver answers 500 with one `[-]<check> failed` line per
 * failing check (etcd, informer sync…): those lines are the reason, since "500" alone tells the user nothing.
 */
export class KubeControlPlaneReadinessProbe implements ControlPlaneReadiness {
  async check(credentials: ClusterCredentials, limits: { timeoutMs: number; signal?: AbortSignal }): Promise<ReadinessOutcome> {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
    try {
      await getNonResourceUrl(credentials, "/readyz", { signal, maxBytes: MAX_READYZ_BYTES });
      return { ok: true };
    } catch (err) {
      const failing = failingChecks(err);
      if (failing) return { ok: false, error: `${credentials.server}/readyz answered ${kubeStatusOf(err)}: ${failing}` };
      return { ok: false, error: probeError(err, credentials.server, "/readyz", timeout.aborted ? limits.timeoutMs : undefined) };
    }
  }
}

function failingChecks(err: unknown): string | undefined {
  const body = err instanceof Error && "body" in err && typeof err.body === "string" ? err.body : "";
  const lines = body.split("\n").filter((line) => line.startsWith("[-]"));
  return lines.length > 0 ? lines.map((line) => line.slice(3).trim()).join("; ") : undefined;
}
