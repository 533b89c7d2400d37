import path from "node:path";
import { startProcess, type ManagedProcess } from "./managed-process";
import type { ApiserverHandle } from "./start-apiserver";
import { tlsGet } from "./tls-get";
import { waitUntil } from "./wait-until";

/**
 * kube-controller-manager against `apiserver`: finishes namespace deletion,
 * garbage-collects, deletes expired bootstrap tokens (tokencleaner) and signs
 * cluster-info (bootstrapsigner). Without kubelets, pods it creates stay Pending.
 */
export async function startControllerManager(opts: {
  controllerManagerBin: string;
  apiserver: ApiserverHandle;
  dirOnParentDeath: string;
}): Promise<ManagedProcess> {
  const { apiserver } = opts;
  const { pki } = apiserver;
  const proc = startProcess({
    name: `kube-controller-manager (${apiserver.name})`,
    command: opts.controllerManagerBin,
    args: [
      `--kubeconfig=${apiserver.kubeconfigPath}`,
      "--controllers=*,tokencleaner,bootstrapsigner",
      `--service-account-private-key-file=${pki.serviceAccount.privateKeyFile}`,
      `--root-ca-file=${pki.ca.certFile}`,
      `--cluster-signing-cert-file=${pki.ca.certFile}`,
      `--cluster-signing-key-file=${pki.ca.keyFile}`,
      "--use-service-account-credentials=false",
      "--leader-elect=false",
      // Several clusters run side by side; its own HTTPS endpoint would need a fixed port.
      "--secure-port=0",
      "--profiling=false",
      "--v=1",
    ],
    logFile: path.join(apiserver.dir, "kube-controller-manager.log"),
    dirOnParentDeath: opts.dirOnParentDeath,
  });
  // The serviceaccount controller creating "default" shows the controllers are running.
  const identity = { caPem: pki.ca.certPem, certPem: pki.admin.certPem, keyPem: pki.admin.keyPem };
  try {
    await waitUntil(
      "kube-controller-manager to create ServiceAccount default/default",
      async () => {
        const res = await tlsGet(`${apiserver.server}/api/v1/namespaces/default/serviceaccounts/default`, identity);
        return res.status === 200 ? true : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 200, processes: [proc] },
    );
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return proc;
}
