import { ApiException, CoreV1Api, type KubeConfig, type V1Container, type V1PodSpec } from "@kubernetes/client-node";

/**
 * A container's environment the way the kubelet assembles it: the image's ENV, the service
 * variables of the kubernetes Service, `envFrom` sources in order (later ones win), then `env`
 * entries (values, `$(VAR)` references to earlier entries, secretKeyRef, configMapKeyRef and the
 * downward API fields we use). A missing required Secret, ConfigMap or key is the kubelet's
 * CreateContainerConfigError: an error naming it, and no process.
 */
export class ContainerConfigError extends Error {}

export interface PodIdentity {
  name: string;
  namespace: string;
  serviceAccountName: string;
}

async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) return null;
    throw err;
  }
}

const decode = (data: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, Buffer.from(v, "base64").toString("utf8")]));

/** `$(NAME)` expands to an earlier variable; `$$(NAME)` stays literal; unknown names stay as written. */
function expand(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (match, name: string | undefined) => {
    if (match === "$$") return "$";
    return name !== undefined && name in env ? env[name]! : match;
  });
}

export async function containerEnvironment(opts: {
  host: KubeConfig;
  pod: PodIdentity;
  spec: V1PodSpec;
  container: V1Container;
  imageEnv: Record<string, string>;
  kubernetesService: { host: string; port: number };
}): Promise<Record<string, string>> {
  const core = opts.host.makeApiClient(CoreV1Api);
  const { namespace } = opts.pod;
  const secrets = new Map<string, Record<string, string> | null>();
  const configMaps = new Map<string, Record<string, string> | null>();
  const secret = async (name: string) => {
    if (!secrets.has(name)) secrets.set(name, await readOrNull(async () => decode((await core.readNamespacedSecret({ name, namespace })).data)));
    return secrets.get(name) ?? null;
  };
  const configMap = async (name: string) => {
    if (!configMaps.has(name)) configMaps.set(name, await readOrNull(async () => (await core.readNamespacedConfigMap({ name, namespace })).data ?? {}));
    return configMaps.get(name) ?? null;
  };

  const env: Record<string, string> = {
    ...opts.imageEnv,
    HOSTNAME: opts.pod.name,
    KUBERNETES_SERVICE_HOST: opts.kubernetesService.host,
    KUBERNETES_SERVICE_PORT: String(opts.kubernetesService.port),
    KUBERNETES_SERVICE_PORT_HTTPS: String(opts.kubernetesService.port),
    KUBERNETES_PORT: `tcp://${opts.kubernetesService.host}:${opts.kubernetesService.port}`,
  };

  for (const source of opts.container.envFrom ?? []) {
    const prefix = source.prefix ?? "";
    const ref = source.secretRef ?? source.configMapRef;
    if (!ref?.name) throw new ContainerConfigError(`envFrom entry without a secretRef or configMapRef name in container ${opts.container.name}`);
    const data = source.secretRef ? await secret(ref.name) : await configMap(ref.name);
    if (data === null) {
      if (ref.optional) continue;
      throw new ContainerConfigError(`${source.secretRef ? "secret" : "configmap"} "${ref.name}" not found (envFrom of container ${opts.container.name})`);
    }
    for (const [k, v] of Object.entries(data)) env[`${prefix}${k}`] = v;
  }

  for (const entry of opts.container.env ?? []) {
    const from = entry.valueFrom;
    if (!from) {
      env[entry.name] = expand(entry.value ?? "", env);
      continue;
    }
    const keyRef = from.secretKeyRef ?? from.configMapKeyRef;
    if (keyRef) {
      const kind = from.secretKeyRef ? "secret" : "configmap";
      const data = from.secretKeyRef ? await secret(keyRef.name ?? "") : await configMap(keyRef.name ?? "");
      const value = data?.[keyRef.key];
      if (value === undefined) {
        if (keyRef.optional) continue;
        throw new ContainerConfigError(
          data === null
            ? `${kind} "${keyRef.name}" not found (env ${entry.name} of container ${opts.container.name})`
            : `couldn't find key ${keyRef.key} in ${kind} ${namespace}/${keyRef.name} (env ${entry.name})`,
        );
      }
      env[entry.name] = value;
      continue;
    }
    const field = from.fieldRef?.fieldPath;
    const fields: Record<string, string> = {
      "metadata.name": opts.pod.name,
      "metadata.namespace": namespace,
      "spec.serviceAccountName": opts.pod.serviceAccountName,
      "status.podIP": "127.0.0.1",
    };
    if (field && field in fields) {
      env[entry.name] = fields[field]!;
      continue;
    }
    throw new ContainerConfigError(`env ${entry.name}: valueFrom ${JSON.stringify(from)} is not supported by the pod runner`);
  }
  return env;
}
