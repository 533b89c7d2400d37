import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ApiException, AppsV1Api, CoreV1Api, type KubeConfig, type V1Container, type V1PodSpec } from "@kubernetes/client-node";
import { sandboxScript } from "./container-sandbox-script";
import type { ClusterDnsStandIn } from "./cluster-dns-stand-in";
import type { ImageConfig } from "./image-config";
import { ContainerConfigError, containerEnvironment } from "./pod-environment";
import { podMounts, type PodMount } from "./pod-volumes";

/**
 * Runs one pod of a Deployment as it is stored in the apiserver — command and args, env and
 * envFrom, volumes, securityContext, service account — as a local process, the way a kubelet
 * would start it on this machine. There is no container engine here, so the image's files are
 * this repository (with its build) at the image's WORKDIR and the binaries the image carries, and
 * its config (ENV, USER, ENTRYPOINT) comes from our Dockerfile: the chart's wiring is what is
 * under test, and nothing of it is re-typed by the test. The process runs in its own mount and
 * UTS namespace as the container's user (needs root, as a kubelet does), with the service
 * account token of a TokenRequest at the in-cluster path and cluster DNS in /etc/resolv.conf.
 */
export interface DeploymentPodOptions {
  host: KubeConfig;
  /** The host apiserver's CA (the token directory's ca.crt, as kube-root-ca.crt publishes it). */
  caPem: string;
  namespace: string;
  deployment: string;
  /** Image name (last path segment, no tag: "kubebyon-web") → its config. */
  images: Record<string, ImageConfig>;
  /** The image's files: target path → local source (a directory, or a file for binaries). */
  imageFiles: Array<{ target: string; source: string; file: boolean }>;
  /** Image directories that hold only what imageFiles put there (tmpfs underneath). */
  imageDirs: string[];
  /** Where the kubelet points KUBERNETES_SERVICE_HOST/PORT: the kubernetes Service. */
  kubernetesService: { host: string; port: number };
  dns: ClusterDnsStandIn;
  /** Scratch space for volumes and the token (outside what the pod's mounts cover). */
  dir: string;
  logFile: string;
}

export interface RunningPod {
  name: string;
  serviceAccount: string;
  env: Record<string, string>;
  mounts: PodMount[];
  argv: string[];
  child: ChildProcess;
  /** The process's output so far (stdout and stderr). */
  output(): Promise<string>;
  stop(): Promise<void>;
}

const imageName = (image: string) => (image.split("/").at(-1) ?? image).replace(/[:@].*$/, "");

function numericUser(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const uid = Number(value.split(":")[0]);
  if (!Number.isInteger(uid)) throw new ContainerConfigError(`${what} "${value}" is not numeric: runAsNonRoot cannot be verified for a named user`);
  return uid;
}

async function serviceAccountToken(opts: DeploymentPodOptions, spec: V1PodSpec, dir: string, serviceAccount: string): Promise<PodMount | null> {
  const core = opts.host.makeApiClient(CoreV1Api);
  let sa;
  try {
    sa = await core.readNamespacedServiceAccount({ name: serviceAccount, namespace: opts.namespace });
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) throw new ContainerConfigError(`pods "${opts.deployment}-…" is forbidden: error looking up service account ${opts.namespace}/${serviceAccount}: serviceaccount "${serviceAccount}" not found`);
    throw err;
  }
  if ((spec.automountServiceAccountToken ?? sa.automountServiceAccountToken ?? true) === false) return null;
  const review = await core.createNamespacedServiceAccountToken({
    name: serviceAccount,
    namespace: opts.namespace,
    body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenRequest", spec: { audiences: [], expirationSeconds: 3600 } },
  });
  const tokenDir = path.join(dir, "serviceaccount");
  await mkdir(tokenDir, { recursive: true });
  await writeFile(path.join(tokenDir, "token"), review.status?.token ?? "", { mode: 0o644 });
  await writeFile(path.join(tokenDir, "ca.crt"), opts.caPem, { mode: 0o644 });
  await writeFile(path.join(tokenDir, "namespace"), opts.namespace, { mode: 0o644 });
  await chmod(tokenDir, 0o755);
  return { source: tokenDir, target: "/var/run/secrets/kubernetes.io/serviceaccount", readOnly: true };
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // gone
      }
    }, 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

export async function runDeploymentPod(opts: DeploymentPodOptions, containerName?: string): Promise<RunningPod> {
  const deployment = await opts.host.makeApiClient(AppsV1Api).readNamespacedDeployment({ name: opts.deployment, namespace: opts.namespace });
  const spec = deployment.spec?.template.spec;
  if (!spec) throw new ContainerConfigError(`Deployment ${opts.namespace}/${opts.deployment} has no pod template`);
  const container: V1Container | undefined = containerName ? spec.containers.find((c) => c.name === containerName) : spec.containers[0];
  if (!container) throw new ContainerConfigError(`Deployment ${opts.deployment} has no container ${containerName}`);
  const image = opts.images[imageName(container.image ?? "")];
  if (!image) throw new ContainerConfigError(`container ${container.name} runs image ${container.image}, which is none of ${Object.keys(opts.images).join(", ")}`);

  const podName = `${opts.deployment}-${randomBytes(5).toString("hex").slice(0, 5)}`;
  const serviceAccount = spec.serviceAccountName ?? "default";
  const dir = path.join(opts.dir, podName);
  await mkdir(dir, { recursive: true });

  const pod = spec.securityContext ?? {};
  const sc = container.securityContext ?? {};
  const uid = sc.runAsUser ?? pod.runAsUser ?? numericUser(image.user, "the image's USER") ?? 0;
  const gid = sc.runAsGroup ?? pod.runAsGroup ?? pod.fsGroup ?? uid;
  if ((sc.runAsNonRoot ?? pod.runAsNonRoot) && uid === 0) throw new ContainerConfigError(`container ${container.name} has runAsNonRoot and would run as root`);

  const env = await containerEnvironment({ host: opts.host, pod: { name: podName, namespace: opts.namespace, serviceAccountName: serviceAccount }, spec, container, imageEnv: image.env, kubernetesService: opts.kubernetesService });
  const mounts = await podMounts({ host: opts.host, namespace: opts.namespace, spec, container, dir, owner: { uid, gid: pod.fsGroup ?? gid } });
  const token = await serviceAccountToken(opts, spec, dir, serviceAccount);
  if (token) mounts.push(token);
  if ((spec.dnsPolicy ?? "ClusterFirst") === "ClusterFirst") {
    const resolvConf = path.join(dir, "resolv.conf");
    await writeFile(resolvConf, opts.dns.resolvConf(opts.namespace), { mode: 0o644 });
    mounts.push({ source: resolvConf, target: "/etc/resolv.conf", readOnly: true, file: true });
  }

  // Kubernetes: command replaces ENTRYPOINT (and drops CMD), args replace CMD.
  const argv = container.command?.length ? [...container.command, ...(container.args ?? [])] : [...image.entrypoint, ...(container.args ?? image.cmd)];
  const script = sandboxScript({
    hostname: podName,
    imageFiles: opts.imageFiles,
    imageDirs: opts.imageDirs,
    mounts,
    readOnlyRootFilesystem: sc.readOnlyRootFilesystem ?? false,
    uid,
    gid,
    cwd: container.workingDir ?? image.workdir,
    argv: argv.map((a) => a.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, name: string) => env[name] ?? m)),
  });
  await mkdir(path.dirname(opts.logFile), { recursive: true });
  const log = createWriteStream(opts.logFile);
  const child = spawn("unshare", ["--mount", "--uts", "--propagation", "private", "--fork", "--", "/bin/sh", "-c", script], {
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return {
    name: podName,
    serviceAccount,
    env,
    mounts,
    argv,
    child,
    output: () => readFile(opts.logFile, "utf8").catch(() => ""),
    stop: () => stopGroup(child),
  };
}
