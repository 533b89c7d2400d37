import { CoreV1Api } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { AdmissionUsage } from "@/server/domain/admission/evaluate-admission";
import { addRequests, NO_REQUESTS, podRequests, podSpecSchema } from "@/server/domain/admission/pod-requests";
import type { AdmissionUsageReader } from "@/server/services/admission/ports";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, KubeApiError } from "./kube-calls";

/** Pods that hold their requests: the scheduler counts every pod not yet finished. */
const UNFINISHED_PODS = "status.phase!=Succeeded,status.phase!=Failed";

/**
 * Node count and the unfinished pods' requests of a vCluster, through its admin credentials (the same connection the
 * node reader uses). One list each, bounded by the caller's time limit: the webhook must answer the vCluster's
 * apiserver within its timeoutSeconds.
 */
export class KubeAdmissionUsageReader implements AdmissionUsageReader {
  async read(credentials: ClusterCredentials, what: { nodes: boolean; pods: boolean }, limits: { timeoutMs: number }): Promise<AdmissionUsage> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const [nodes, pods] = await Promise.all([
      what.nodes ? this.countNodes(core, signal) : undefined,
      what.pods ? this.sumPods(core, signal) : undefined,
    ]);
    return { nodes, pods };
  }

  private async countNodes(core: CoreV1Api, signal: AbortSignal): Promise<number> {
    try {
      // metadata only would do, but the typed client has no PartialObjectMetadataList; Node objects are small.
      return (await core.listNode({}, callOptions({ signal }))).items.length;
    } catch (err) {
      throw KubeApiError.from(err, "list nodes for the admission policy");
    }
  }

  private async sumPods(core: CoreV1Api, signal: AbortSignal): Promise<NonNullable<AdmissionUsage["pods"]>> {
    try {
      const list = await core.listPodForAllNamespaces({ fieldSelector: UNFINISHED_PODS }, callOptions({ signal }));
      let requests = NO_REQUESTS;
      for (const pod of list.items) {
        const spec = podSpecSchema.safeParse(pod.spec);
        if (spec.success) requests = addRequests(requests, podRequests(spec.data));
      }
      return { count: list.items.length, requests };
    } catch (err) {
      throw KubeApiError.from(err, "list pods for the admission policy");
    }
  }
}
