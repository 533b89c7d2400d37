import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { KubeConfig } from "@kubernetes/client-node";
import { ensureKubeTools, type KubeTools } from "./kube-tools";
import { forgetDirAtExit, removeDirAtExit, type ManagedProcess } from "./kube/managed-process";
import { runHelm, type HelmResult } from "./kube/run-helm";
import { startApiserver, type ApiserverHandle } from "./kube/start-apiserver";
import { startControllerManager } from "./kube/start-controller-manager";
import { startEtcd, type EtcdHandle } from "./kube/start-etcd";
import { writeVclusterSecret } from "./kube/start-virtual-cluster";

export { SERVICE_CLUSTER_IP_RANGE } from "./kube/start-apiserver";
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
  stop(): Promise<void>;
}

export interface VirtualCluster extends ApiServerAccess {
  name: string;
  namespace: string;
  /** Secret vc-<name> in the host namespace; its kubeconfig names https://localhost:8443. */
  secretName: string;
  /** The apiserver's CA and serving certificate (SANs 127.0.0.1, localhost), e.g. to serve /node/join like vCluster does. */
  tls: { caPem: string; serving: { certPem: string; keyPem: string } };
}

export interface StartVirtualClusterOptions {
  name: string;
  namespace: string;
  controllerManager?: boolean;
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
}

export interface StartKubeClusterOptions {
  /** Also run kube-controller-manager (namespace deletion, GC, token cleanup). Default false. */
  controllerManager?: boolean;
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
}): Promise<{ apiserver: ApiserverHandle; startupMs: number }> {
  const apiserver = await startApiserver({
    name: opts.name,
    apiserverBin: opts.tools.apiserver,
    etcdUrl: opts.etcd.url,
    etcdPrefix: opts.etcdPrefix,
    dir: opts.dir,
    dirOnParentDeath: opts.dirOnParentDeath,
    dependsOn: [opts.etcd.process],
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
        });
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
            caPem: control.apiserver.pki.ca.certPem,
            serving: { certPem: control.apiserver.pki.serving.certPem, keyPem: control.apiserver.pki.serving.keyPem },
          },
        };
        virtualClusters.add(vc);
        return vc;
      } catch (err) {
        await vcTeardown.run();
        throw err;
      }
    };

    return { ...host, tools, dir: rootDir, startVirtualCluster };
  } catch (err) {
    await teardown.run();
    throw err;
  }
}
