import { chmod, chown, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ApiException, CoreV1Api, type KubeConfig, type V1Container, type V1PodSpec, type V1Volume } from "@kubernetes/client-node";
import { ContainerConfigError } from "./pod-environment";

/** One bind mount into the container's mount namespace. */
export interface PodMount {
  source: string;
  target: string;
  readOnly: boolean;
  /** The source is a file (subPath of a file, /etc/resolv.conf), not a directory. */
  file?: boolean;
}

async function readData(host: KubeConfig, namespace: string, volume: V1Volume): Promise<{ data: Record<string, Buffer>; mode: number } | null> {
  const core = host.makeApiClient(CoreV1Api);
  try {
    if (volume.secret) {
      const s = await core.readNamespacedSecret({ name: volume.secret.secretName ?? "", namespace });
      return { data: Object.fromEntries(Object.entries(s.data ?? {}).map(([k, v]) => [k, Buffer.from(v, "base64")])), mode: volume.secret.defaultMode ?? 0o644 };
    }
    const c = await core.readNamespacedConfigMap({ name: volume.configMap?.name ?? "", namespace });
    const data: Record<string, Buffer> = Object.fromEntries(Object.entries(c.data ?? {}).map(([k, v]) => [k, Buffer.from(v, "utf8")]));
    for (const [k, v] of Object.entries(c.binaryData ?? {})) data[k] = Buffer.from(v, "base64");
    return { data, mode: volume.configMap?.defaultMode ?? 0o644 };
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) return null;
    throw err;
  }
}

/**
 * The container's volumeMounts as bind mounts of directories under `dir`: emptyDir (owned by the
 * pod's fsGroup/user so a non-root process can write it), configMap and secret (their keys as
 * files, `items` honoured, optional sources allowed to be missing). Any other volume type is
 * refused: the harness would otherwise run a pod the chart could not have meant.
 */
export async function podMounts(opts: {
  host: KubeConfig;
  namespace: string;
  spec: V1PodSpec;
  container: V1Container;
  dir: string;
  owner: { uid: number; gid: number };
}): Promise<PodMount[]> {
  const mounts: PodMount[] = [];
  const prepared = new Map<string, string>();
  const volumes = new Map((opts.spec.volumes ?? []).map((v) => [v.name, v]));

  const prepare = async (volume: V1Volume): Promise<string> => {
    const existing = prepared.get(volume.name);
    if (existing) return existing;
    const dir = path.join(opts.dir, "volumes", volume.name);
    await mkdir(dir, { recursive: true });
    if (volume.emptyDir) {
      await chown(dir, opts.owner.uid, opts.owner.gid);
      await chmod(dir, 0o2775);
    } else if (volume.configMap || volume.secret) {
      const optional = (volume.configMap ?? volume.secret)?.optional ?? false;
      const source = await readData(opts.host, opts.namespace, volume);
      if (!source && !optional) {
        const kind = volume.secret ? `secret "${volume.secret.secretName}"` : `configmap "${volume.configMap?.name}"`;
        throw new ContainerConfigError(`MountVolume.SetUp failed for volume "${volume.name}": ${kind} not found`);
      }
      const items = (volume.configMap ?? volume.secret)?.items;
      const files = items ? items.map((i) => ({ key: i.key, file: i.path, mode: i.mode })) : Object.keys(source?.data ?? {}).map((key) => ({ key, file: key, mode: undefined }));
      for (const f of files) {
        const content = source?.data[f.key];
        if (content === undefined) {
          if (optional) continue;
          throw new ContainerConfigError(`volume "${volume.name}": key ${f.key} not found`);
        }
        const target = path.join(dir, f.file);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, content, { mode: f.mode ?? source?.mode ?? 0o644 });
        // As the kubelet does with fsGroup: group-readable for the pod, whatever the mode says for others.
        await chown(target, 0, opts.owner.gid);
      }
    } else {
      throw new ContainerConfigError(`volume "${volume.name}" is of a type the pod runner does not play (${Object.keys(volume).filter((k) => k !== "name").join(", ")})`);
    }
    prepared.set(volume.name, dir);
    return dir;
  };

  for (const m of opts.container.volumeMounts ?? []) {
    const volume = volumes.get(m.name);
    if (!volume) throw new ContainerConfigError(`volumeMount ${m.mountPath} names volume "${m.name}", which the pod does not declare`);
    const dir = await prepare(volume);
    const readOnly = m.readOnly ?? Boolean(volume.configMap || volume.secret);
    mounts.push(m.subPath ? { source: path.join(dir, m.subPath), target: m.mountPath, readOnly, file: !volume.emptyDir } : { source: dir, target: m.mountPath, readOnly });
  }
  return mounts;
}
