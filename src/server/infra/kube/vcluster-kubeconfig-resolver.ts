import { CoreV1Api, KubeConfig, VersionApi, type V1Node, type V1Service } from "@kubernetes/client-node";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { chooseNodePortHostAddress, type NodePortHostAddress } from "@/server/domain/clusters/nodeport-host-address";
import { platformUrl, type VclusterRoute } from "@/server/domain/clusters/platform-route";
import { resolveEndpoint } from "@/server/domain/clusters/public-access";
import { AppError } from "@/server/domain/errors";
import type {
  KubeconfigResolver,
  ProbeResult,
  ResolvedConnection,
  ResolveKubeconfigInput,
} from "@/server/services/clusters/kubeconfig-resolver";
import { toHostNodeAddresses } from "./host-node-addresses";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, decodeSecretValue, fromBase64, KubeApiError } from "./kube-calls";
import { probeError } from "./probe-error";

export interface VclusterKubeconfigResolverDeps {
  /** Host cluster (see loadHostKubeConfig). */
  kubeConfig: KubeConfig;
  /** How the platform itself reaches a vCluster (KUBEBYON_VCLUSTER_ROUTE, "auto" already decided; platform-route.ts). */
  route: VclusterRoute;
  /** Default probe timeout. Default 5 s. */
  probeTimeoutMs?: number;
}

const CONTROL_PLANE_PORT = 443;

function notReady(message: string, cause?: unknown): AppError {
  return new AppError("PRECONDITION_FAILED", message, { cause });
}

/** The exported kubeconfig's identity, without its (unreachable) localhost server. */
function credentialsFromKubeconfig(yaml: string, where: string): Omit<ClusterCredentials, "server"> {
  const kc = new KubeConfig();
  try {
    kc.loadFromString(yaml);
  } catch (err) {
    throw new Error(`${where} does not hold a valid kubeconfig: ${(err as Error).message}`, { cause: err });
  }
  const cluster = kc.getCurrentCluster();
  const user = kc.getCurrentUser();
  if (!cluster || !user) throw new Error(`${where} has no current context with a cluster and user`);
  return {
    caPem: fromBase64(cluster.caData),
    clientCertPem: fromBase64(user.certData),
    clientKeyPem: fromBase64(user.keyData),
    token: user.token,
    insecureSkipTlsVerify: cluster.skipTLSVerify || undefined,
  };
}

/** The user's copy: the same kubeconfig with every cluster pointing at the public endpoint. */
function withServer(yaml: string, server: string): string {
  const doc = parseYaml(yaml) as { clusters?: Array<{ cluster?: { server?: string } }> };
  for (const entry of doc.clusters ?? []) {
    if (entry.cluster) entry.cluster.server = server;
  }
  return stringifyYaml(doc);
}

function controlPlanePort(service: V1Service) {
  const ports = service.spec?.ports ?? [];
  return ports.find((p) => p.port === CONTROL_PLANE_PORT) ?? ports[0];
}

/**
 * KubeconfigResolver for vCluster: reads Secret vc-<name> (key `config`)
 * and the release's Service in the host namespace, and rewrites the
 * kubeconfig's https://localhost:8443 to addresses that exist outside the pod.
 */
export class VclusterKubeconfigResolver implements KubeconfigResolver {
  private readonly core: CoreV1Api;

  constructor(private readonly deps: VclusterKubeconfigResolverDeps) {
    this.core = deps.kubeConfig.makeApiClient(CoreV1Api);
  }

  async resolve(input: ResolveKubeconfigInput): Promise<ResolvedConnection> {
    const { namespace, vclusterName } = input;
    const secretName = `vc-${vclusterName}`;
    const secret = await this.read(
      `reading Secret ${namespace}/${secretName}`,
      () => this.core.readNamespacedSecret({ name: secretName, namespace }),
      `the control plane of ${vclusterName} has not exported its kubeconfig yet (Secret ${secretName} in namespace ${namespace}); wait until the cluster is ready, then retry`,
    );
    const kubeconfigYaml = decodeSecretValue(secret, "config");
    if (!kubeconfigYaml) throw new Error(`Secret ${namespace}/${secretName} has no "config" key; is it a vCluster kubeconfig Secret?`);
    const identity = credentialsFromKubeconfig(kubeconfigYaml, `Secret ${namespace}/${secretName}`);

    const service = await this.read(
      `reading Service ${namespace}/${vclusterName}`,
      () => this.core.readNamespacedService({ name: vclusterName, namespace }),
      `the control-plane Service ${vclusterName} does not exist in namespace ${namespace} yet; wait until the cluster is ready, then retry`,
    );
    const nodePortHost = input.mode === "nodeport" && !input.controlPlaneHost?.trim() ? await this.nodePortHostAddress(input.nodePortHostAddress) : null;
    const endpoint = resolveEndpoint({
      mode: input.mode,
      controlPlaneHost: input.controlPlaneHost,
      nodePort: controlPlanePort(service)?.nodePort,
      loadBalancerIngress: service.status?.loadBalancer?.ingress,
      nodePortHost,
    });

    const publicUrl = endpoint.kind === "ready" ? endpoint.url : null;
    const platform = platformUrl({
      route: this.deps.route,
      release: vclusterName,
      namespace,
      clusterIp: service.spec?.clusterIP,
      publicUrl,
      publicPendingReason: endpoint.kind === "pending" ? endpoint.reason : null,
    });
    if (platform.kind === "refused") throw new AppError("PRECONDITION_FAILED", platform.reason);

    return {
      credentials: { ...identity, server: platform.url },
      apiEndpoint: publicUrl,
      userKubeconfigYaml: publicUrl ? withServer(kubeconfigYaml, publicUrl) : null,
      publicAccessPort: endpoint.kind === "ready" ? endpoint.publicAccessPort : null,
      pendingReason: endpoint.kind === "pending" ? endpoint.reason : null,
    };
  }

  async nodePortHostAddress(setting: string | null | undefined): Promise<NodePortHostAddress> {
    if (setting?.trim()) return chooseNodePortHostAddress(setting, []);
    let nodes: V1Node[];
    try {
      nodes = (await this.core.listNode()).items;
    } catch (err) {
      throw KubeApiError.from(err, "listing the host cluster's Nodes for the NodePort address");
    }
    return chooseNodePortHostAddress(null, nodes.map(toHostNodeAddresses));
  }

  async probe(credentials: ClusterCredentials, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ProbeResult> {
    const timeoutMs = options.timeoutMs ?? this.deps.probeTimeoutMs ?? 5_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      const version = await kubeConfigFromCredentials(credentials).makeApiClient(VersionApi).getCode(undefined, callOptions({ signal }));
      return { ok: true, gitVersion: version.gitVersion };
    } catch (err) {
      return { ok: false, error: probeError(err, credentials.server, "/version", timeout.aborted ? timeoutMs : undefined) };
    }
  }

  private async read<T>(action: string, run: () => Promise<T>, missing: string): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const failure = KubeApiError.from(err, action);
      if (failure.status === 404) throw notReady(missing, failure);
      throw failure;
    }
  }
}
