import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "./free-port";
import { kubeconfigYaml } from "./kubeconfig-yaml";
import { startProcess, type ManagedProcess } from "./managed-process";
import { createClusterPki, type ClusterPki } from "./pki";
import { claimServiceRange, type ServiceRange } from "./service-range";
import { tlsGet, type TlsClientIdentity } from "./tls-get";
import { waitUntil } from "./wait-until";

/**
 * Loopback, so ClusterIPs are addresses a test can listen on (the kube-proxy
 * stand-in forwards <ClusterIP>:443 to the stand-in vCluster behind a Service).
 */

export interface ApiserverHandle {
  name: string;
  server: string;
  version: string;
  kubeconfigPath: string;
  kubeconfigYaml: string;
  pki: ClusterPki;
  dir: string;
  process: ManagedProcess;
  /** This apiserver's own loopback service range (see service-range.ts). */
  serviceClusterIpRange: string;
}

export interface StartApiserverOptions {
  name: string;
  apiserverBin: string;
  etcdUrl: string;
  etcdPrefix: string;
  /** Own directory for certs, logs and the kubeconfig. */
  dir: string;
  /** Fail fast (with its log) if one of these dies while we wait, e.g. etcd. */
  dependsOn?: readonly ManagedProcess[];
  /** Removed by the watchdog if the test process dies without cleaning up ("" keeps it). */
  dirOnParentDeath: string;
  /** Names the serving certificate covers (default: loopback and the kubernetes Service names). */
  servingSans?: readonly string[];
  /**
   * `--etcd-compaction-interval` in seconds (the apiserver's default is 300): how often this apiserver compacts
   * the shared etcd, after which older list continue tokens and watch positions answer 410 Gone.
   */
  etcdCompactionIntervalSeconds?: number;
}

function apiserverArgs(opts: StartApiserverOptions, pki: ClusterPki, port: number, ranges: Pick<ServiceRange, "cidr" | "nodePortRange">): string[] {
  return [
    `--etcd-servers=${opts.etcdUrl}`,
    `--etcd-prefix=${opts.etcdPrefix}`,
    "--bind-address=127.0.0.1",
    "--advertise-address=127.0.0.1",
    `--secure-port=${port}`,
    `--cert-dir=${opts.dir}`,
    `--tls-cert-file=${pki.serving.certFile}`,
    `--tls-private-key-file=${pki.serving.keyFile}`,
    `--client-ca-file=${pki.ca.certFile}`,
    "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
    `--service-account-key-file=${pki.serviceAccount.publicKeyFile}`,
    `--service-account-signing-key-file=${pki.serviceAccount.privateKeyFile}`,
    `--service-cluster-ip-range=${ranges.cidr}`,
    `--service-node-port-range=${ranges.nodePortRange}`,
    "--authorization-mode=Node,RBAC",
    "--enable-bootstrap-token-auth",
    "--allow-privileged=true",
    "--profiling=false",
    // Loopback is not a valid Endpoints address and nothing routes to it anyway.
    "--endpoint-reconciler-type=none",
    "--v=1",
    ...(opts.etcdCompactionIntervalSeconds === undefined ? [] : [`--etcd-compaction-interval=${opts.etcdCompactionIntervalSeconds}s`]),
  ];
}

async function readJson<T>(url: string, identity: TlsClientIdentity): Promise<T | undefined> {
  const res = await tlsGet(url, identity);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}

/** Waits for /readyz and the system namespaces; returns /version's gitVersion. */
async function waitUntilServing(name: string, server: string, identity: TlsClientIdentity, processes: ManagedProcess[]): Promise<string> {
  const waitOpts = { timeoutMs: 90_000, intervalMs: 100, processes };
  await waitUntil(`${name} apiserver /readyz`, async () => {
    const res = await tlsGet(`${server}/readyz`, identity);
    if (res.status !== 200) throw new Error(`/readyz ${res.status}: ${res.body.slice(-300)}`);
    return true;
  }, waitOpts);
  // System namespaces come from a controller that /readyz does not wait for,
  // and tests create bootstrap-token Secrets in kube-system straight away.
  await waitUntil(`${name} namespaces default and kube-system`, async () => {
    await readJson(`${server}/api/v1/namespaces/kube-system`, identity);
    await readJson(`${server}/api/v1/namespaces/default`, identity);
    return true;
  }, waitOpts);
  const versionInfo = await readJson<{ gitVersion: string }>(`${server}/version`, identity);
  return versionInfo?.gitVersion ?? "unknown";
}

/** Loopback and the in-cluster names of Service default/kubernetes. */
function defaultServingSans(kubernetesServiceIp: string): string[] {
  return ["127.0.0.1", "localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc", kubernetesServiceIp];
}

/** Starts one kube-apiserver with fresh certificates and waits until it is ready to serve. */
export async function startApiserver(opts: StartApiserverOptions): Promise<ApiserverHandle> {
  await mkdir(opts.dir, { recursive: true });
  const serviceRange = await claimServiceRange();
  const [pki, port] = await Promise.all([
    createClusterPki(opts.dir, opts.name, opts.servingSans ?? defaultServingSans(serviceRange.kubernetesServiceIp)),
    freePort(),
  ]).catch(async (err: unknown) => {
    await serviceRange.release();
    throw err;
  });
  const server = `https://127.0.0.1:${port}`;
  const proc = startProcess({
    name: `kube-apiserver (${opts.name})`,
    command: opts.apiserverBin,
    args: apiserverArgs(opts, pki, port, serviceRange),
    logFile: path.join(opts.dir, "kube-apiserver.log"),
    dirOnParentDeath: opts.dirOnParentDeath,
  });
  // The range is free again once this apiserver is gone, whichever way it ends.
  void proc.exited.then(() => serviceRange.release());
  const identity: TlsClientIdentity = { caPem: pki.ca.certPem, certPem: pki.admin.certPem, keyPem: pki.admin.keyPem };
  let version: string;
  try {
    version = await waitUntilServing(opts.name, server, identity, [proc, ...(opts.dependsOn ?? [])]);
  } catch (err) {
    await proc.stop();
    throw err;
  }

  const yaml = kubeconfigYaml({ name: opts.name, server, caPem: pki.ca.certPem, certPem: pki.admin.certPem, keyPem: pki.admin.keyPem });
  const kubeconfigPath = path.join(opts.dir, "admin.kubeconfig");
  await writeFile(kubeconfigPath, yaml, { mode: 0o600 });

  return {
    name: opts.name,
    server,
    version,
    kubeconfigPath,
    kubeconfigYaml: yaml,
    pki,
    dir: opts.dir,
    process: proc,
    serviceClusterIpRange: serviceRange.cidr,
  };
}
