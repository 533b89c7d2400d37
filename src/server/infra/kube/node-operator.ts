import { CoreV1Api, PatchStrategy, setHeaderOptions, type V1Pod } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { notFound } from "@/server/domain/errors";
import { drainRefusal, type DrainPreflightPod } from "@/server/domain/nodes/drain-preflight";
import { drainSkipReason, type DrainPodReport } from "@/server/domain/nodes/drain-report";
import type { DrainOutcome, DrainRequest, NodeOperator } from "@/server/services/nodes/ports";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { clusterApiError } from "./cluster-api-error";
import { callOptions, KubeApiError, kubeStatusOf, pause } from "./kube-calls";

export interface KubeNodeOperatorOptions {
  /** Per API request (each eviction attempt, each poll). Default 10 s. */
  requestTimeoutMs?: number;
  /** Pause between eviction attempts a PodDisruptionBudget refused (kubectl drain waits 5 s). */
  evictionRetryMs?: number;
  /** Pause between checks whether an evicted pod is gone. */
  podGonePollMs?: number;
}

// 429 is also the API server's own throttling; only a budget's refusal names it.
const isDisruptionBudgetRefusal = (failure: KubeApiError) => /DisruptionBudget|disruption budget/i.test(failure.explanation);

const preflightFacts = (pod: V1Pod): DrainPreflightPod => ({
  namespace: pod.metadata?.namespace ?? "",
  name: pod.metadata?.name ?? "",
  annotations: pod.metadata?.annotations,
  ownerReferences: pod.metadata?.ownerReferences,
  phase: pod.status?.phase,
  volumes: pod.spec?.volumes,
});

const report = (pod: V1Pod, outcome: DrainPodReport["outcome"], message: string): DrainPodReport => ({
  namespace: pod.metadata?.namespace ?? "",
  name: pod.metadata?.name ?? "",
  outcome,
  message,
});

/** Node operations (cordon, uncordon, drain, delete) through the cluster's API server. */
export class KubeNodeOperator implements NodeOperator {
  private readonly requestTimeoutMs: number;
  private readonly evictionRetryMs: number;
  private readonly podGonePollMs: number;

  constructor(options: KubeNodeOperatorOptions = {}) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.evictionRetryMs = options.evictionRetryMs ?? 5_000;
    this.podGonePollMs = options.podGonePollMs ?? 1_000;
  }

  cordon(credentials: ClusterCredentials, node: string): Promise<void> {
    return this.setUnschedulable(credentials, node, true);
  }

  uncordon(credentials: ClusterCredentials, node: string): Promise<void> {
    return this.setUnschedulable(credentials, node, false);
  }

  async delete(credentials: ClusterCredentials, node: string): Promise<void> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    try {
      await core.deleteNode({ name: node }, this.call());
    } catch (err) {
      if (kubeStatusOf(err) === 404) return;
      throw clusterApiError(`delete node ${node}`, credentials.server, err);
    }
  }

  /**
   * kubectl-drain semantics: refuse when the node holds Pods the options do not
   * allow to go (drainRefusal: unmanaged, emptyDir); else cordon, then evict
   * every pod bound to the node through the Eviction API so PodDisruptionBudgets
   * are honoured (a 429 is a budget saying "not now": retried until the
   * deadline), then wait for each evicted pod to disappear. Pods are handled
   * concurrently, like kubectl does.
   *
   * Unlike `kubectl drain`, which cordons first and leaves the node cordoned when
   * it then refuses, a refusal here changes nothing: the caller is asked to
   * decide, and a half-done operation would be left behind otherwise.
   */
  async drain({ credentials, node, timeoutMs, options, signal }: DrainRequest): Promise<DrainOutcome> {
    const deadline = Date.now() + timeoutMs;
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    const early = drainRefusal(node, (await this.podsOn(core, credentials, node, signal)).map(preflightFacts), options);
    if (early) return { refused: early };

    const wasCordoned = await this.isUnschedulable(core, credentials, node);
    await this.cordon(credentials, node);
    // A Pod scheduled between the check and the cordon is checked too; refusing then undoes the cordon.
    const pods = await this.podsOn(core, credentials, node, signal);
    const late = drainRefusal(node, pods.map(preflightFacts), options);
    if (late) {
      if (!wasCordoned) await this.uncordon(credentials, node);
      return { refused: late };
    }
    const results = await Promise.all(pods.map((pod) => this.drainPod(core, pod, deadline, signal)));
    results.sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
    return { report: { node, completed: results.every((r) => r.outcome !== "failed" && r.outcome !== "blocked_by_pdb"), pods: results } };
  }

  private async podsOn(core: CoreV1Api, credentials: ClusterCredentials, node: string, signal?: AbortSignal): Promise<V1Pod[]> {
    try {
      return (await core.listPodForAllNamespaces({ fieldSelector: `spec.nodeName=${node}` }, this.call(signal))).items;
    } catch (err) {
      throw clusterApiError(`list the pods on node ${node}`, credentials.server, err);
    }
  }

  private async isUnschedulable(core: CoreV1Api, credentials: ClusterCredentials, node: string): Promise<boolean> {
    try {
      return (await core.readNode({ name: node }, this.call())).spec?.unschedulable === true;
    } catch (err) {
      if (kubeStatusOf(err) === 404) throw notFound(`Node ${node}`);
      throw clusterApiError(`read node ${node}`, credentials.server, err);
    }
  }

  private async setUnschedulable(credentials: ClusterCredentials, node: string, unschedulable: boolean): Promise<void> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    try {
      await core.patchNode({ name: node, body: { spec: { unschedulable } } }, setHeaderOptions("Content-Type", PatchStrategy.MergePatch, this.call()));
    } catch (err) {
      if (kubeStatusOf(err) === 404) throw notFound(`Node ${node}`);
      throw clusterApiError(`${unschedulable ? "cordon" : "uncordon"} node ${node}`, credentials.server, err);
    }
  }

  private call(signal?: AbortSignal) {
    return callOptions({ timeoutMs: this.requestTimeoutMs, signal });
  }

  private async drainPod(core: CoreV1Api, pod: V1Pod, deadline: number, signal?: AbortSignal): Promise<DrainPodReport> {
    const skip = drainSkipReason({ annotations: pod.metadata?.annotations, ownerReferences: pod.metadata?.ownerReferences });
    if (skip === "skipped_mirror") return report(pod, skip, "Mirror (static) pod: managed by the node's kubelet, not evictable.");
    if (skip === "skipped_daemonset") return report(pod, skip, "DaemonSet pod: its controller would recreate it on this node.");

    const name = pod.metadata?.name ?? "";
    const namespace = pod.metadata?.namespace ?? "";
    for (;;) {
      if (signal?.aborted) return report(pod, "failed", "Drain was cancelled before this pod was evicted.");
      try {
        const body = { apiVersion: "policy/v1", kind: "Eviction", metadata: { name, namespace } };
        await core.createNamespacedPodEviction({ name, namespace, body }, this.call(signal));
        break;
      } catch (err) {
        if (signal?.aborted) return report(pod, "failed", "Drain was cancelled before this pod was evicted.");
        const failure = KubeApiError.from(err);
        if (failure.status === 404) return report(pod, "evicted", "Pod was already gone.");
        if (failure.status !== 429) return report(pod, "failed", `Eviction failed: ${failure.explanation}`);
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          if (!isDisruptionBudgetRefusal(failure)) return report(pod, "failed", `The API server kept throttling evictions until the drain timed out: ${failure.explanation}`);
          return report(pod, "blocked_by_pdb", `A PodDisruptionBudget kept refusing the eviction until the drain timed out: ${failure.explanation}`);
        }
        await pause(Math.min(this.evictionRetryMs, remaining), signal);
      }
    }
    return this.waitUntilGone(core, pod, deadline, signal);
  }

  private async waitUntilGone(core: CoreV1Api, pod: V1Pod, deadline: number, signal?: AbortSignal): Promise<DrainPodReport> {
    const name = pod.metadata?.name ?? "";
    const namespace = pod.metadata?.namespace ?? "";
    for (;;) {
      try {
        const current = await core.readNamespacedPod({ name, namespace }, this.call(signal));
        // Same name, different uid: the old pod is gone and a controller made a new one.
        if (current.metadata?.uid !== pod.metadata?.uid) return report(pod, "evicted", "Evicted.");
      } catch (err) {
        const failure = KubeApiError.from(err);
        if (failure.status === 404) return report(pod, "evicted", "Evicted.");
        if (signal?.aborted) return report(pod, "failed", "Drain was cancelled while the evicted pod was still terminating.");
        return report(pod, "failed", `Evicted, but checking that the pod is gone failed: ${failure.explanation}`);
      }
      if (signal?.aborted) return report(pod, "failed", "Drain was cancelled while the evicted pod was still terminating.");
      if (Date.now() >= deadline) {
        return report(pod, "failed", "Evicted, but the pod is still terminating at the drain timeout: the node's kubelet has not confirmed it stopped (is the node offline?).");
      }
      await pause(Math.min(this.podGonePollMs, deadline - Date.now()), signal);
    }
  }
}
