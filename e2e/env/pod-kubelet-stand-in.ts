import { CoreV1Api, PatchStrategy, setHeaderOptions, type KubeConfig, type V1Pod } from "@kubernetes/client-node";

const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

export interface PodKubelet {
  /** Pods this stand-in has started (Running + Ready) or completed (Succeeded), as namespace/name. */
  started(): string[];
  stop(): Promise<void>;
}

async function ignoreGone(p: Promise<unknown>): Promise<void> {
  await p.catch((err: unknown) => {
    const code = (err as { code?: number }).code;
    if (code !== 404 && code !== 409) throw err;
  });
}

/**
 * Plays one node's kubelet for Pods in `namespace` of an apiserver that runs kube-controller-manager
 * (no scheduler, kubelet or container runtime here): registers Node `node` and re-posts its Ready
 * heartbeat every 5 s (so the node lifecycle controller does not mark it unreachable), binds unscheduled
 * Pods to it as the scheduler would, then posts the status a kubelet posts once the containers run —
 * Running and Ready for a ReplicaSet's Pod (the ReplicaSet and Deployment controllers turn that into
 * availableReplicas and the Available condition), Succeeded with exit code 0 for a Job's Pod (the Job
 * controller then completes the Job) — and finishes graceful deletions.
 */
export async function playPodKubelet(opts: { kubeConfig: KubeConfig; node: string; namespace: string; intervalMs?: number }): Promise<PodKubelet> {
  const core = opts.kubeConfig.makeApiClient(CoreV1Api);
  const { node, namespace } = opts;
  await ignoreGone(core.createNode({ body: { metadata: { name: node, labels: { "kubernetes.io/hostname": node, "kubernetes.io/os": "linux" } } } }));
  const postReady = async () => {
    const now = new Date();
    await core.patchNodeStatus(
      {
        name: node,
        body: {
          status: {
            addresses: [{ type: "InternalIP", address: "127.0.30.1" }, { type: "Hostname", address: node }],
            conditions: [{ type: "Ready", status: "True", reason: "KubeletReady", message: "posted by the test's kubelet", lastHeartbeatTime: now, lastTransitionTime: now }],
          },
        },
      },
      mergePatch,
    );
  };
  await postReady();

  const started = new Set<string>();
  let podIp = 10;
  const startPod = async (pod: V1Pod) => {
    const name = pod.metadata?.name ?? "";
    const owner = pod.metadata?.ownerReferences?.find((o) => o.controller)?.kind;
    const now = new Date();
    const containers = pod.spec?.containers ?? [];
    const succeeded = owner === "Job";
    const status = succeeded
      ? {
          phase: "Succeeded",
          conditions: [
            { type: "PodScheduled", status: "True", lastTransitionTime: now },
            { type: "Initialized", status: "True", lastTransitionTime: now },
            { type: "ContainersReady", status: "False", reason: "PodCompleted", lastTransitionTime: now },
            { type: "Ready", status: "False", reason: "PodCompleted", lastTransitionTime: now },
          ],
          containerStatuses: containers.map((c) => ({
            name: c.name, image: c.image ?? "", imageID: "", ready: false, started: false, restartCount: 0,
            state: { terminated: { exitCode: 0, reason: "Completed", startedAt: now, finishedAt: now } },
          })),
        }
      : {
          phase: "Running",
          conditions: [
            { type: "PodScheduled", status: "True", lastTransitionTime: now },
            { type: "Initialized", status: "True", lastTransitionTime: now },
            { type: "ContainersReady", status: "True", lastTransitionTime: now },
            { type: "Ready", status: "True", lastTransitionTime: now },
          ],
          containerStatuses: containers.map((c) => ({
            name: c.name, image: c.image ?? "", imageID: "", ready: true, started: true, restartCount: 0, state: { running: { startedAt: now } },
          })),
        };
    const ip = `127.0.31.${podIp++}`;
    await core.patchNamespacedPodStatus(
      { name, namespace, body: { status: { ...status, hostIP: "127.0.30.1", podIP: ip, podIPs: [{ ip }], startTime: now } } },
      mergePatch,
    );
    started.add(`${namespace}/${name}`);
  };

  let running = true;
  let lastHeartbeat = Date.now();
  const loop = (async () => {
    while (running) {
      try {
        if (Date.now() - lastHeartbeat > 5_000) {
          await postReady();
          lastHeartbeat = Date.now();
        }
        const pods = await core.listNamespacedPod({ namespace });
        for (const pod of pods.items) {
          const name = pod.metadata?.name;
          if (!name) continue;
          if (pod.metadata?.deletionTimestamp) {
            await ignoreGone(core.deleteNamespacedPod({ name, namespace, gracePeriodSeconds: 0 }));
          } else if (!pod.spec?.nodeName) {
            await ignoreGone(core.createNamespacedPodBinding({ name, namespace, body: { metadata: { name }, target: { kind: "Node", name: node } } }));
          } else if ((pod.status?.phase ?? "Pending") === "Pending") {
            await ignoreGone(startPod(pod));
          }
        }
      } catch {
        // The apiserver may be going away at the end of a test; the next round tries again.
      }
      await new Promise((r) => setTimeout(r, opts.intervalMs ?? 150));
    }
  })();
  return {
    started: () => [...started],
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
