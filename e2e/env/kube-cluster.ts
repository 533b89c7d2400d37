import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { ensureKubeTools, type KubeTools } from "./kube-tools";
import { createKubeadmBootstrapBindings } from "./kube/kubeadm-bootstrap-rbac";
import { forgetDirAtExit, removeDirAtExit, type ManagedProcess } from "./kube/managed-process";
import { runHelm, type HelmResult } from "./kube/run-helm";
import { startApiserver, type ApiserverHandle } from "./kube/start-apiserver";
import { startControllerManager } from "./kube/start-controller-manager";
import { startEtcd, type EtcdHandle } from "./kube/start-etcd";
import { writeVclusterSecret } from "./kube/start-virtual-cluster";
import { followVclusterSans, hostStateReader, servedSans } from "./kube/vcluster-serving-sans";
import { waitUntil } from "./kube/wait-until";
import { startKubeProxyStandIn, type KubeProxyStandIn } from "./kube-proxy-stand-in";

export { VCLUSTER_IN_POD_SERVER } from "./kube/start-virtual-cluster";

/** One API server the tests can talk to (the host cluster or a virtual one). */
export interface ApiServerAccess {
  /** The real https://127.0.0.1:<port> URL. */
  server: string;
  /** gitVersion from /version, e.g. v1.37.2. */
  version: string;
  /** Admin (system:masters) kubeconfig with embedded certificates. */
  kubeconfigPath: string;
  kubeconfigYaml: string;
  /** A fresh client-node KubeConfig for the admin kubeconfig. */
  kubeConfig(): KubeConfig;
  /** Runs the real helm binary with --kubeconfig set to this API server. */
  helm(args: readonly string[]): Promise<HelmResult>;
  /** Milliseconds from spawn to ready (controller-manager included when enabled). */
  startupMs: number;
  /** Its own loopback service range (ClusterIPs are loopback addresses; see kube/service-range.ts). */
  serviceClusterIpRange: string;
  /** --service-account-signing-key-file (PEM, EC P-256): lets a test sign tokens the apiserver would have signed. */
  serviceAccountSigningKeyFile: string;
  stop(): Promise<void>;
}

export interface VirtualCluster extends ApiServerAccess {
  name: string;
  namespace: string;
  /** Secret vc-<name> in the host namespace; its kubeconfig names https://localhost:8443. */
  secretName: string;
  /**
   * The apiserver's CA and its serving certificate as of now (`serving` is read
   * each time: it is re-issued when the host's state changes), e.g. to serve
   * /node/join like vCluster does.
   */
  tls: { caPem: string; readonly serving: { certPem: string; keyPem: string } };
  /** The names the current serving certificate covers (vCluster's rules, kube/vcluster-serving-sans.ts). */
  sans(): string[];
  /** Re-reads the host now (kube-proxy stand-in included) and waits until the apiserver serves the certificate for the resulting names. */
  syncSans(): Promise<string[]>;
  /** Where the kube-proxy stand-in sends this vCluster's Service traffic (default: this apiserver). */
  routeServiceTo(target: string): Promise<void>;
  /**
   * Test hook: the stand-in stops re-issuing its certificate (it keeps serving the names it has), as a
   * vCluster whose Pod never picks up new extraSANs would — to test that the platform notices.
   */
  stopFollowingSans(): void;
}

export interface StartVirtualClusterOptions {
  name: string;
  namespace: string;
  controllerManager?: boolean;
  /** The host Node "running the control-plane Pod" (its addresses are SANs for a NodePort Service); default the first Node by name. */
  controlPlaneNodeName?: string;
  /**
   * How often this vCluster's apiserver compacts etcd (default: the apiserver's five minutes). Short, it lets a
   * test see continue tokens expire (410 Gone); etcd is shared, so the compaction covers every apiserver on it.
   */
  etcdCompactionIntervalSeconds?: number;
}

export interface TestNode {
  name: string;
  /** Loopback, e.g. 127.0.10.1: tests only send traffic to loopback. */
  internalIP: string;
  externalIP?: string;
  /** Default true. */
  ready?: boolean;
}

export interface KubeCluster extends ApiServerAccess {
  tools: KubeTools;
  /** Temp dir with certificates, kubeconfigs and process logs. */
  dir: string;
  /**
   * Plays a vCluster: a second apiserver on the same etcd (own prefix and CA)
   * whose kubeconfig is written into the host as Secret vc-<name> in `namespace`.
   */
  startVirtualCluster(opts: StartVirtualClusterOptions): Promise<VirtualCluster>;
  /** Creates a host Node with these addresses and posts its Ready condition (as a kubelet would). */
  addNode(node: TestNode): Promise<void>;
  /** kube-proxy on this machine for Services with a stand-in backend (ClusterIP, LB ingress IPs, NodePorts). */
  proxy: KubeProxyStandIn;
}

export interface StartKubeClusterOptions {
  /** Also run kube-controller-manager (namespace deletion, GC, token cleanup). Default false. */
  controllerManager?: boolean;
}

function hostKubeConfig(yaml: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(yaml);
  return kc;
}

const NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Runs cleanups newest first; keeps going when one fails so nothing is left running. */
class Teardown {
  private readonly steps: Array<() => Promise<unknown>> = [];
  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step().catch(() => undefined);
  }
}

function access(apiserver: ApiserverHandle, helmBin: string, startupMs: number, stop: () => Promise<void>): ApiServerAccess {
  return {
    server: apiserver.server,
    version: apiserver.version,
    kubeconfigPath: apiserver.kubeconfigPath,
    kubeconfigYaml: apiserver.kubeconfigYaml,
    kubeConfig() {
      const kc = new KubeConfig();
      kc.loadFromString(apiserver.kubeconfigYaml);
      return kc;
    },
    helm: (args) =>
      runHelm({ helmBin, kubeconfigPath: apiserver.kubeconfigPath, homeDir: path.join(apiserver.dir, "helm"), args }),
    startupMs,
    serviceClusterIpRange: apiserver.serviceClusterIpRange,
    serviceAccountSigningKeyFile: apiserver.pki.serviceAccount.privateKeyFile,
    stop,
  };
}

async function startControlPlane(opts: {
  tools: KubeTools;
  name: string;
  etcd: EtcdHandle;
  etcdPrefix: string;
  dir: string;
  dirOnParentDeath: string;
  controllerManager: boolean;
  teardown: Teardown;
  started: number;
  servingSans?: readonly string[];
  etcdCompactionIntervalSeconds?: number;
}): Promise<{ apiserver: ApiserverHandle; startupMs: number }> {
  const apiserver = await startApiserver({
    name: opts.name,
    apiserverBin: opts.tools.apiserver,
    etcdUrl: opts.etcd.url,
    etcdPrefix: opts.etcdPrefix,
    dir: opts.dir,
    dirOnParentDeath: opts.dirOnParentDeath,
    dependsOn: [opts.etcd.process],
    servingSans: opts.servingSans,
    etcdCompactionIntervalSeconds: opts.etcdCompactionIntervalSeconds,
  });
  opts.teardown.add(() => apiserver.process.stop());
  if (opts.controllerManager) {
    const kcm: ManagedProcess = await startControllerManager({
      controllerManagerBin: opts.tools.controllerManager,
      apiserver,
      dirOnParentDeath: opts.dirOnParentDeath,
    });
    opts.teardown.add(() => kcm.stop());
  }
  return { apiserver, startupMs: Date.now() - opts.started };
}

/**
 * Starts etcd + kube-apiserver (+ kube-controller-manager) on loopback in a
 * temp dir. Call stop() in afterAll; processes are also killed when the test
 * process exits or dies.
 */
export async function startKubeCluster(opts: StartKubeClusterOptions = {}): Promise<KubeCluster> {
  const tools = await ensureKubeTools();
  const rootDir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-kube-"));
  // KUBEBYON_KEEP_KUBE_DIRS=1 keeps certificates and process logs for debugging.
  const keepDir = process.env.KUBEBYON_KEEP_KUBE_DIRS === "1";
  const dirOnParentDeath = keepDir ? "" : rootDir;
  if (!keepDir) removeDirAtExit(rootDir);
  const teardown = new Teardown();
  const virtualClusters = new Set<VirtualCluster>();
  teardown.add(async () => {
    if (!keepDir) await rm(rootDir, { recursive: true, force: true });
    forgetDirAtExit(rootDir);
  });

  try {
    const started = Date.now();
    const etcd = await startEtcd({ etcdBin: tools.etcd, dir: path.join(rootDir, "etcd"), dirOnParentDeath });
    teardown.add(() => etcd.process.stop());
    const { apiserver, startupMs } = await startControlPlane({
      tools,
      name: "host",
      etcd,
      etcdPrefix: `/kubebyon-host-${randomBytes(4).toString("hex")}`,
      dir: path.join(rootDir, "host"),
      dirOnParentDeath,
      controllerManager: opts.controllerManager ?? false,
      teardown,
      started,
    });
    const proxy = startKubeProxyStandIn({ host: hostKubeConfig(apiserver.kubeconfigYaml) });
    teardown.add(() => proxy.stop());
    teardown.add(async () => {
      for (const vc of virtualClusters) await vc.stop();
    });

    const stop = () => teardown.run();
    const host = access(apiserver, tools.helm, startupMs, stop);

    const startVirtualCluster = async (vcOpts: StartVirtualClusterOptions): Promise<VirtualCluster> => {
      if (!NAME_PATTERN.test(vcOpts.name) || !NAME_PATTERN.test(vcOpts.namespace)) {
        throw new Error(`virtual cluster name and namespace must be DNS labels, got "${vcOpts.name}" / "${vcOpts.namespace}"`);
      }
      const vcTeardown = new Teardown();
      try {
        // Like vCluster at start: the certificate covers what the host shows now, and follows it.
        const reader = hostStateReader({ host: host.kubeConfig(), release: vcOpts.name, namespace: vcOpts.namespace, controlPlaneNodeName: vcOpts.controlPlaneNodeName });
        const initialSans = await reader.read();
        const control = await startControlPlane({
          tools,
          name: `vc-${vcOpts.name}`,
          etcd,
          etcdPrefix: `/vcluster-${vcOpts.name}-${randomBytes(4).toString("hex")}`,
          dir: path.join(rootDir, `vc-${vcOpts.namespace}-${vcOpts.name}`),
          dirOnParentDeath,
          controllerManager: vcOpts.controllerManager ?? false,
          teardown: vcTeardown,
          started: Date.now(),
          servingSans: initialSans,
          etcdCompactionIntervalSeconds: vcOpts.etcdCompactionIntervalSeconds,
        });
        const { pki } = control.apiserver;
        // vCluster's control plane is set up kubeadm-style for private nodes: kubelets may bootstrap.
        await createKubeadmBootstrapBindings(hostKubeConfig(control.apiserver.kubeconfigYaml));
        const follower = followVclusterSans({ reader, ca: pki.ca, serving: pki.serving, initialSans });
        vcTeardown.add(async () => follower.stop());
        const apiserverPort = Number(new URL(control.apiserver.server).port);
        const syncSans = async () => {
          // kube-proxy follows the same host change (e.g. a new NodePort): no test should race its poll.
          await proxy.syncNow();
          await follower.syncNow();
          const want = [...follower.current()].sort().join(",");
          await waitUntil(`vCluster ${vcOpts.name} serving its re-issued certificate`, async () => {
            const served = (await servedSans("127.0.0.1", apiserverPort)).sort().join(",");
            if (served !== want) throw new Error(`serves [${served}], expected [${want}]`);
            return true;
          }, { timeoutMs: 30_000, intervalMs: 100 });
          return follower.current();
        };
        // The Service's addresses lead here before the kubeconfig Secret says the control plane is up.
        await proxy.setBackend(vcOpts.namespace, vcOpts.name, control.apiserver.server);
        vcTeardown.add(() => proxy.setBackend(vcOpts.namespace, vcOpts.name, undefined));
        const secret = await writeVclusterSecret({
          host: host.kubeConfig(),
          name: vcOpts.name,
          namespace: vcOpts.namespace,
          apiserver: control.apiserver,
        });
        const vc: VirtualCluster = {
          ...access(control.apiserver, tools.helm, control.startupMs, async () => {
            virtualClusters.delete(vc);
            await vcTeardown.run();
          }),
          name: vcOpts.name,
          namespace: vcOpts.namespace,
          secretName: secret.metadata?.name ?? `vc-${vcOpts.name}`,
          tls: {
            caPem: pki.ca.certPem,
            get serving() {
              return follower.serving();
            },
          },
          sans: () => follower.current(),
          syncSans,
          routeServiceTo: (target) => proxy.setBackend(vcOpts.namespace, vcOpts.name, target),
          stopFollowingSans: () => follower.stop(),
        };
        virtualClusters.add(vc);
        return vc;
      } catch (err) {
        await vcTeardown.run();
        throw err;
      }
    };

    const addNode = async (node: TestNode): Promise<void> => {
      const core = host.kubeConfig().makeApiClient(CoreV1Api);
      await core.createNode({ body: { metadata: { name: node.name, labels: { "kubernetes.io/hostname": node.name } } } });
      const addresses = [
        { type: "InternalIP", address: node.internalIP },
        ...(node.externalIP ? [{ type: "ExternalIP", address: node.externalIP }] : []),
        { type: "Hostname", address: node.name },
      ];
      const now = new Date().toISOString();
      const ready = node.ready ?? true;
      await core.patchNodeStatus(
        {
          name: node.name,
          body: {
            status: {
              addresses,
              conditions: [{ type: "Ready", status: ready ? "True" : "False", reason: ready ? "KubeletReady" : "KubeletNotReady", message: "posted by the test", lastHeartbeatTime: now, lastTransitionTime: now }],
            },
          },
        },
        setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
      );
      await proxy.syncNow();
    };

    return { ...host, tools, dir: rootDir, startVirtualCluster, addNode, proxy };
  } catch (err) {
    await teardown.run();
    throw err;
  }
}
