import { mkdir } from "node:fs/promises";
import path from "node:path";
import { freePort } from "./free-port";
import { startProcess, type ManagedProcess } from "./managed-process";

export interface EtcdHandle {
  url: string;
  process: ManagedProcess;
}

/**
 * Spawns a single-member etcd without waiting for it: kube-apiserver retries
 * its etcd connection and its /readyz covers etcd, so waiting here would only
 * serialise two slow starts.
 */
export async function startEtcd(opts: { etcdBin: string; dir: string; dirOnParentDeath: string }): Promise<EtcdHandle> {
  await mkdir(opts.dir, { recursive: true });
  const [clientPort, peerPort] = await Promise.all([freePort(), freePort()]);
  const url = `http://127.0.0.1:${clientPort}`;
  const peerUrl = `http://127.0.0.1:${peerPort}`;
  const proc = startProcess({
    name: "etcd",
    command: opts.etcdBin,
    args: [
      "--name=kubebyon-test",
      `--data-dir=${path.join(opts.dir, "data")}`,
      `--listen-client-urls=${url}`,
      `--advertise-client-urls=${url}`,
      `--listen-peer-urls=${peerUrl}`,
      `--initial-advertise-peer-urls=${peerUrl}`,
      `--initial-cluster=kubebyon-test=${peerUrl}`,
      // Data is thrown away after the test; fsync only costs time.
      "--unsafe-no-fsync",
      "--log-level=warn",
    ],
    logFile: path.join(opts.dir, "etcd.log"),
    dirOnParentDeath: opts.dirOnParentDeath,
  });
  return { url, process: proc };
}
