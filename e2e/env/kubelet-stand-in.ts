import type { CoreV1Api } from "@kubernetes/client-node";

/**
 * Without a kubelet an evicted pod stays Terminating: graceful deletion only sets
 * deletionTimestamp, and the kubelet finishes it with a grace-0 delete once its
 * containers stopped. This plays that part for pods on `node` until the returned
 * function is called.
 */
export function playKubeletDeletions(core: CoreV1Api, node: string): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      const pods = await core.listPodForAllNamespaces({ fieldSelector: `spec.nodeName=${node}` });
      for (const p of pods.items) {
        if (p.metadata?.deletionTimestamp && p.metadata.name && p.metadata.namespace) {
          await core.deleteNamespacedPod({ name: p.metadata.name, namespace: p.metadata.namespace, gracePeriodSeconds: 0 }).catch(() => undefined);
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}
