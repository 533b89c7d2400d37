import { existsSync } from "node:fs";
import { KubeConfig } from "@kubernetes/client-node";
import type { ClassifiedFailure } from "@/server/domain/jobs/failure-class";

const SERVICE_ACCOUNT_TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token";
// client-node's last resort when it finds nothing; talking to it only produces confusing errors later.
const CLIENT_NODE_FALLBACK_SERVER = "http://localhost:8080";

export class HostKubeConfigError extends Error implements ClassifiedFailure {
  /** Only the operator can fix the settings; retrying a job does not. */
  readonly failureClass = "permanent";

  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "HostKubeConfigError";
  }
}

/**
 * The host cluster's KubeConfig: KUBEBYON_KUBECONFIG_PATH when set, else the
 * pod's service account when running inside the cluster, else the usual
 * KUBECONFIG / ~/.kube/config. Fails with a message that says what to set.
 */
export function loadHostKubeConfig(opts: { kubeconfigPath: string | undefined; serviceAccountTokenPath?: string }): KubeConfig {
  const kc = new KubeConfig();
  if (opts.kubeconfigPath) {
    if (!existsSync(opts.kubeconfigPath)) {
      throw new HostKubeConfigError(
        `KUBEBYON_KUBECONFIG_PATH points at ${opts.kubeconfigPath}, which does not exist: set it to the host cluster's kubeconfig (k3s: /etc/rancher/k3s/k3s.yaml)`,
      );
    }
    try {
      kc.loadFromFile(opts.kubeconfigPath);
    } catch (err) {
      throw new HostKubeConfigError(`KUBEBYON_KUBECONFIG_PATH (${opts.kubeconfigPath}) is not a readable kubeconfig: ${(err as Error).message}`, { cause: err });
    }
    return requireCluster(kc, `KUBEBYON_KUBECONFIG_PATH (${opts.kubeconfigPath})`);
  }
  if (existsSync(opts.serviceAccountTokenPath ?? SERVICE_ACCOUNT_TOKEN)) {
    kc.loadFromCluster();
    return kc;
  }
  try {
    kc.loadFromDefault();
  } catch (err) {
    throw new HostKubeConfigError(`KUBECONFIG / ~/.kube/config is not a readable kubeconfig: ${(err as Error).message}; set KUBEBYON_KUBECONFIG_PATH to the host cluster's kubeconfig`, { cause: err });
  }
  if (kc.getCurrentCluster()?.server === CLIENT_NODE_FALLBACK_SERVER && kc.getCurrentUser()?.name === "user") {
    throw new HostKubeConfigError(
      "no host Kubernetes cluster is configured: set KUBEBYON_KUBECONFIG_PATH to the host cluster's kubeconfig (k3s: /etc/rancher/k3s/k3s.yaml), or run KubeBYON inside the cluster with a service account",
    );
  }
  return requireCluster(kc, "KUBECONFIG / ~/.kube/config");
}

/**
 * Whether this process runs inside the host cluster: what client-node's
 * loadFromCluster relies on (KUBERNETES_SERVICE_HOST/PORT and the pod's service
 * account), and no KUBEBYON_KUBECONFIG_PATH pointing elsewhere.
 */
export function runsInHostCluster(opts: { kubeconfigPath: string | undefined; env?: Record<string, string | undefined>; serviceAccountTokenPath?: string }): boolean {
  const env = opts.env ?? process.env;
  if (opts.kubeconfigPath) return false;
  return Boolean(env.KUBERNETES_SERVICE_HOST && env.KUBERNETES_SERVICE_PORT) && existsSync(opts.serviceAccountTokenPath ?? SERVICE_ACCOUNT_TOKEN);
}

/**
 * Why loadHostKubeConfig would fail right now (its message: which setting to fix), or null when a
 * host cluster is configured. Nothing is contacted; a configured host may still be down.
 */
export function hostClusterConfigurationProblem(opts: { kubeconfigPath: string | undefined; serviceAccountTokenPath?: string }): string | null {
  try {
    loadHostKubeConfig(opts);
    return null;
  } catch (err) {
    if (err instanceof HostKubeConfigError) return err.message;
    throw err;
  }
}

function requireCluster(kc: KubeConfig, source: string): KubeConfig {
  if (!kc.getCurrentCluster()) {
    throw new HostKubeConfigError(`${source} has no current context with a cluster: set current-context, or point KUBEBYON_KUBECONFIG_PATH at a kubeconfig that has one`);
  }
  return kc;
}
