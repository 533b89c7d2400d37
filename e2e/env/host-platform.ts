import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import type { KubeCluster } from "./kube-cluster";
import { STAND_IN_CHART } from "./stand-in-chart";

/**
 * Settings that point the platform's production cluster runtime (web process
 * or worker, built from env by buildClusterRuntime) at a test host
 * cluster: its kubeconfig, the helm and kubectl binaries built for the tests,
 * and the stand-in chart as a local chart path (the air-gapped form). helm's
 * own cache/config/data go to the cluster's temp dir, never the developer's home.
 */
export function hostClusterSettings(kube: KubeCluster): Record<string, string> {
  return {
    KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath,
    KUBEBYON_HELM_BIN: kube.tools.helm,
    KUBEBYON_KUBECTL_BIN: kube.tools.kubectl,
    KUBEBYON_VCLUSTER_CHART: STAND_IN_CHART,
    HELM_CACHE_HOME: path.join(kube.dir, "platform-helm", "cache"),
    HELM_CONFIG_HOME: path.join(kube.dir, "platform-helm", "config"),
    HELM_DATA_HOME: path.join(kube.dir, "platform-helm", "data"),
  };
}

/** The operator's one-time set-up: Secret vcluster-platform-api-key in kubebyon-system, which each cluster.create copies. */
export async function seedPlatformApiKeySecret(kube: KubeCluster): Promise<void> {
  const core = kube.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({
    namespace: "kubebyon-system",
    body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { host: "https://platform.example.test", accessKey: "test-key" } },
  });
}
