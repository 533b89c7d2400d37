import { requireSharedGateway, type Config } from "@/server/config/env";
import type { Db } from "@/server/infra/db/client";
import { GatewayApiTlsRoutes } from "@/server/infra/kube/gateway-api-tls-routes";
import { HelmCli } from "@/server/infra/kube/helm-cli";
import { HelmControlPlaneProvisioner } from "@/server/infra/kube/helm-control-plane-provisioner";
import { KubeHostNamespaceInventory } from "@/server/infra/kube/kube-host-namespace-inventory";
import { HelmManagedIngressReconciler } from "@/server/infra/kube/helm-managed-ingress-reconciler";
import { KubectlCliRunner } from "@/server/infra/kube/kubectl-cli-runner";
import { KubeNodeOperator } from "@/server/infra/kube/node-operator";
import { KubeNodeReader } from "@/server/infra/kube/node-reader";
import { effectiveVclusterRoute, type VclusterRoute } from "@/server/domain/clusters/platform-route";
import { hostClusterConfigurationProblem, loadHostKubeConfig, runsInHostCluster } from "@/server/infra/kube/host-kube-config";
import { TlsServingCertificateProbe } from "@/server/infra/kube/tls-serving-certificate-probe";
import { KubeAdmissionWebhookConfigurationStore } from "@/server/infra/kube/admission-webhook-configuration-store";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { readVclusterValuesFile } from "@/server/infra/kube/vcluster-values-file";
import type { Logger } from "@/server/observability/logger";
import type { KubeConfig } from "@kubernetes/client-node";
import type { ClusterJobDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ControlPlaneRouteDeps } from "@/server/services/clusters/control-plane-route-step";
import type { HostClusterSetup } from "@/server/services/clusters/host-cluster-setup";
import type { RunKubectlDeps } from "@/server/services/kubectl/run-kubectl-command";
import type { NodeOperationDeps } from "@/server/services/nodes/node-operation-deps";

const CONTROL_PLANE_TIMEOUT_MS = 10 * 60_000;
const NAMESPACE_DELETION_TIMEOUT_MS = 10 * 60_000;
// After wait_control_plane: vCluster re-issues its certificate when it sees the new extraSANs (a Pod restart at worst).
const SERVING_CERTIFICATE_TIMEOUT_MS = 5 * 60_000;
const SERVING_CERTIFICATE_POLL_MS = 2_000;
// After helm returned (it already waited for the admission hook Jobs): the controller Pod has to turn Ready.
const MANAGED_INGRESS_READY_TIMEOUT_MS = 5 * 60_000;
// A running Gateway controller reports on a new route within seconds; without one the step is skipped after this.
const ROUTE_STATUS_WAIT_MS = 30_000;
const ROUTE_STATUS_POLL_MS = 2_000;

/** The host-cluster adapters of a process: one object satisfying the deps of cluster jobs, node use cases and kubectl. */
export type ClusterRuntime = ClusterJobDeps & NodeOperationDeps & RunKubectlDeps;

/**
 * Wires the host-cluster adapters for the lifecycle jobs. They are built on
 * first use, so a platform started without a host cluster (a laptop running
 * `npm run up`) still starts; its cluster jobs then fail with the message of
 * loadHostKubeConfig, which says which setting to fix.
 */
export function buildClusterRuntime(config: Config, db: Db, log: Logger): ClusterRuntime {
  const kubeConfig = lazily(() => loadHostKubeConfig({ kubeconfigPath: config.kubeconfigPath }));
  return {
    db,
    log: log.child({ component: "cluster-runtime" }),
    now: () => new Date(),
    provisioner: lazyObject(
      () =>
        new HelmControlPlaneProvisioner({
          kubeConfig: kubeConfig(),
          helm: new HelmCli({ bin: config.helmBin, kubeconfigPath: config.kubeconfigPath }),
          chart: { chart: config.vcluster.chart, repo: config.vcluster.chartRepo, version: config.vcluster.chartVersion },
          platformSecret: { name: config.platformApiKey.secretName, sourceNamespace: config.platformApiKey.sourceNamespace },
          tenantClusterRole: config.tenantClusterRole,
        }),
    ),
    hostInventory: lazyObject(() => new KubeHostNamespaceInventory({ kubeConfig: kubeConfig() })),
    resolver: lazyObject(
      () =>
        new VclusterKubeconfigResolver({
          kubeConfig: kubeConfig(),
          route: platformVclusterRoute(config),
        }),
    ),
    managedIngress: lazyObject(
      () =>
        new HelmManagedIngressReconciler({
          helmBin: config.helmBin,
          chart: { chart: config.managedIngress.chart, repo: config.managedIngress.chartRepo, version: config.managedIngress.chartVersion },
        }),
    ),
    managedIngressReadyTimeoutMs: MANAGED_INGRESS_READY_TIMEOUT_MS,
    nodeReader: lazyObject(() => new KubeNodeReader()),
    nodeOperator: lazyObject(() => new KubeNodeOperator()),
    kubectl: {
      runner: lazyObject(() => new KubectlCliRunner({ kubectlBin: config.kubectl.bin })),
      timeoutMs: config.kubectl.timeoutSeconds * 1000,
      maxOutputBytes: config.kubectl.maxOutputBytes,
    },
    loadBaseValues: () => readVclusterValuesFile(config.vcluster.valuesFile),
    controlPlaneTimeoutMs: CONTROL_PLANE_TIMEOUT_MS,
    publicAccessProvider: config.publicAccessProvider,
    ...(config.publicAccessProvider === "gatewayapi" ? { controlPlaneRoutes: controlPlaneRoutes(config, kubeConfig) } : {}),
    namespaceDeletionTimeoutMs: NAMESPACE_DELETION_TIMEOUT_MS,
    servingCertificates: new TlsServingCertificateProbe(),
    admissionWebhooks: new KubeAdmissionWebhookConfigurationStore(),
    servingCertificateTimeoutMs: SERVING_CERTIFICATE_TIMEOUT_MS,
    servingCertificatePollMs: SERVING_CERTIFICATE_POLL_MS,
  };
}

/**
 * The gatewayapi provider's TLSRoute adapter and shared Gateway, both on first use: a missing
 * KUBEBYON_GATEWAY_NAME/_NAMESPACE fails the publish_route step with requireSharedGateway's message.
 */
function controlPlaneRoutes(config: Config, kubeConfig: () => KubeConfig): ControlPlaneRouteDeps {
  return {
    routes: lazyObject(() => new GatewayApiTlsRoutes({ kubeConfig: kubeConfig() })),
    gateway: () => requireSharedGateway(config),
    statusWaitMs: ROUTE_STATUS_WAIT_MS,
    statusPollMs: ROUTE_STATUS_POLL_MS,
  };
}

/** How this process reaches each vCluster: KUBEBYON_VCLUSTER_ROUTE, with `auto` decided by where it runs. */
export function platformVclusterRoute(config: Pick<Config, "vclusterRoute" | "kubeconfigPath">): VclusterRoute {
  return effectiveVclusterRoute(config.vclusterRoute, runsInHostCluster({ kubeconfigPath: config.kubeconfigPath }));
}

/** Asked on every create: the kubeconfig file may be fixed while the process runs, and the check reads only local files. */
export function hostClusterSetup(config: Pick<Config, "kubeconfigPath">): HostClusterSetup {
  return { missingConfiguration: () => hostClusterConfigurationProblem({ kubeconfigPath: config.kubeconfigPath }) };
}

function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** An object whose real instance is made when a method is first called (and the error, if any, surfaces there). */
function lazyObject<T extends object>(make: () => T): T {
  const instance = lazily(make);
  return new Proxy({} as T, {
    get(_target, prop) {
      const real = instance();
      const value: unknown = Reflect.get(real, prop);
      return typeof value === "function" ? value.bind(real) : value;
    },
  });
}
