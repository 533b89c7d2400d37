import { CoreV1Api, PatchStrategy, setHeaderOptions, type V1NodeCondition } from "@kubernetes/client-node";
import type { KubeCluster, VirtualCluster } from "@e2e/env/kube-cluster";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { decodeSecretValue } from "./kube-calls";

export const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

/**
 * Credentials the way the platform builds them: PEMs from the exported Secret
 * vc-<name> in the host, with the in-pod server address replaced by the one we
 * can reach.
 */
export async function vclusterCredentials(host: KubeCluster, vc: VirtualCluster, server = vc.server): Promise<ClusterCredentials> {
  const secret = await host.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: vc.secretName, namespace: vc.namespace });
  const pem = (key: string) => decodeSecretValue(secret, key);
  return { server, caPem: pem("certificate-authority"), clientCertPem: pem("client-certificate"), clientKeyPem: pem("client-key") };
}

export type ReadyStatus = "True" | "False" | "Unknown";

/** Registers a Node object the way a kubelet does on first start (no status yet). */
export async function registerNode(core: CoreV1Api, name: string, labels: Record<string, string> = {}): Promise<void> {
  await core.createNode({ body: { metadata: { name, labels: { "kubernetes.io/hostname": name, ...labels } } } });
}

/** Posts node status like a kubelet heartbeat: Ready condition, addresses, capacity and nodeInfo. */
export async function postNodeStatus(core: CoreV1Api, name: string, ready: ReadyStatus, internalIp = "10.20.0.11"): Promise<void> {
  const now = new Date();
  const condition = (type: string, status: string, reason: string): V1NodeCondition => ({
    type,
    status,
    reason,
    message: `${type} is ${status}`,
    lastHeartbeatTime: now,
    lastTransitionTime: now,
  });
  await core.patchNodeStatus(
    {
      name,
      body: {
        status: {
          conditions: [
            condition("MemoryPressure", "False", "KubeletHasSufficientMemory"),
            condition("Ready", ready, ready === "True" ? "KubeletReady" : ready === "False" ? "KubeletNotReady" : "NodeStatusUnknown"),
          ],
          addresses: [
            { type: "InternalIP", address: internalIp },
            { type: "Hostname", address: name },
          ],
          capacity: { cpu: "2", memory: "4028Mi", pods: "110" },
          allocatable: { cpu: "1900m", memory: "3800Mi", pods: "110" },
          nodeInfo: {
            machineID: "m",
            systemUUID: "s",
            bootID: "b",
            kernelVersion: "6.1.0-31-amd64",
            osImage: "Debian GNU/Linux 12 (bookworm)",
            containerRuntimeVersion: "containerd://1.7.24",
            kubeletVersion: "v1.37.2",
            kubeProxyVersion: "",
            operatingSystem: "linux",
            architecture: "amd64",
          },
        },
      },
    },
    mergePatch,
  );
}
