import { KubeConfig } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { toBase64 } from "./kube-calls";

/**
 * The one place that turns ClusterCredentials into a client-node KubeConfig,
 * so every Kubernetes adapter trusts and authenticates the same way.
 */
export function kubeConfigFromCredentials(creds: ClusterCredentials): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: "target",
        server: creds.server,
        caData: creds.caPem ? toBase64(creds.caPem) : undefined,
        skipTLSVerify: creds.insecureSkipTlsVerify === true,
        tlsServerName: creds.tlsServerName,
      },
    ],
    users: [
      {
        name: "platform",
        certData: creds.clientCertPem ? toBase64(creds.clientCertPem) : undefined,
        keyData: creds.clientKeyPem ? toBase64(creds.clientKeyPem) : undefined,
        token: creds.token,
      },
    ],
    contexts: [{ name: "target", cluster: "target", user: "platform" }],
    currentContext: "target",
  });
  return kc;
}
