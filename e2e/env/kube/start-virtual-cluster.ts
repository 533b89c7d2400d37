import { ApiException, CoreV1Api, KubeConfig, type V1Secret } from "@kubernetes/client-node";
import { kubeconfigYaml } from "./kubeconfig-yaml";
import type { ApiserverHandle } from "./start-apiserver";

/** Where the real vCluster serves inside its pod; the Secret always names this address. */
export const VCLUSTER_IN_POD_SERVER = "https://localhost:8443";
const VCLUSTER_CONTEXT = "my-vcluster";

async function ensureNamespace(core: CoreV1Api, name: string): Promise<void> {
  try {
    await core.createNamespace({ body: { metadata: { name } } });
  } catch (err) {
    if (!(err instanceof ApiException && err.code === 409)) throw err;
  }
}

/** Writes Secret vc-<name> the way the vCluster syncer exports its kubeconfig. */
export async function writeVclusterSecret(opts: {
  host: KubeConfig;
  name: string;
  namespace: string;
  apiserver: ApiserverHandle;
}): Promise<V1Secret> {
  const core = opts.host.makeApiClient(CoreV1Api);
  await ensureNamespace(core, opts.namespace);
  const { pki } = opts.apiserver;
  const secret: V1Secret = {
    metadata: {
      name: `vc-${opts.name}`,
      namespace: opts.namespace,
      labels: { app: "vcluster", "vcluster-name": opts.name },
    },
    type: "Opaque",
    stringData: {
      config: kubeconfigYaml({
        name: VCLUSTER_CONTEXT,
        server: VCLUSTER_IN_POD_SERVER,
        caPem: pki.ca.certPem,
        certPem: pki.admin.certPem,
        keyPem: pki.admin.keyPem,
      }),
      "certificate-authority": pki.ca.certPem,
      "client-certificate": pki.admin.certPem,
      "client-key": pki.admin.keyPem,
    },
  };
  try {
    return await core.createNamespacedSecret({ namespace: opts.namespace, body: secret });
  } catch (err) {
    if (!(err instanceof ApiException && err.code === 409)) throw err;
    return core.replaceNamespacedSecret({ name: `vc-${opts.name}`, namespace: opts.namespace, body: secret });
  }
}
