import type { PodMount } from "./pod-volumes";

/**
 * The shell script that turns a private mount + UTS namespace (unshare) into the container's view
 * of the filesystem, then execs the container's process as its user:
 * - the image's files: `/app` (our WORKDIR) is the repository with its build, `/usr/local/bin`
 *   holds exactly the binaries the image puts there (node, helm, kubectl);
 * - the pod's volumes, the service-account token directory and the kubelet's /etc/resolv.conf;
 * - with readOnlyRootFilesystem, everything that is not a volume is remounted read-only.
 * Mount points that do not exist yet are created (empty directories/files on this machine, no
 * content); a mount whose source lies under a later mount's target is made first, so covering
 * /tmp with the pod's emptyDir never hides a source still to be bound.
 */
export interface SandboxPlan {
  hostname: string;
  /** Image files: target → source (a directory, or a file for single binaries). */
  imageFiles: Array<{ target: string; source: string; file: boolean }>;
  /** Directories the image has that are empty tmpfs here apart from imageFiles (e.g. /usr/local/bin). */
  imageDirs: string[];
  mounts: PodMount[];
  readOnlyRootFilesystem: boolean;
  uid: number;
  gid: number;
  cwd: string;
  argv: string[];
}

export const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const under = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

/** Mounts in an order where no mount covers the source or the mount point of one made before it. */
export function orderMounts<T extends { source: string; target: string }>(mounts: readonly T[]): T[] {
  const rest = [...mounts];
  const out: T[] = [];
  while (rest.length > 0) {
    // A mount may go now if no mount still to come takes its source from under its target, and
    // none still to come is mounted above it (it would cover this one).
    const i = rest.findIndex((m) => !rest.some((o) => o !== m && (under(o.source, m.target) || (o.target !== m.target && under(m.target, o.target)))));
    if (i < 0) throw new Error(`mount targets and sources cover each other: ${rest.map((m) => `${m.source}→${m.target}`).join(", ")}`);
    out.push(...rest.splice(i, 1));
  }
  return out;
}

export function sandboxScript(plan: SandboxPlan): string {
  const lines = ["set -eu", `hostname ${quote(plan.hostname)}`];
  const mountPoint = (target: string, file: boolean) =>
    file ? `[ -e ${quote(target)} ] || { mkdir -p "$(dirname ${quote(target)})"; : > ${quote(target)}; }` : `mkdir -p ${quote(target)}`;
  for (const dir of plan.imageDirs) lines.push(`mkdir -p ${quote(dir)}`, `mount -t tmpfs -o mode=0755 tmpfs ${quote(dir)}`);
  const all = [
    ...plan.imageFiles.map((f) => ({ ...f, readOnly: true })),
    ...plan.mounts.map((m) => ({ source: m.source, target: m.target, readOnly: m.readOnly, file: m.file ?? false })),
  ];
  for (const m of orderMounts(all)) {
    lines.push(mountPoint(m.target, m.file), `mount --bind ${quote(m.source)} ${quote(m.target)}`);
    if (m.readOnly) lines.push(`mount -o remount,bind,ro ${quote(m.target)}`);
  }
  if (plan.readOnlyRootFilesystem) {
    lines.push("mount -o remount,bind,ro /");
    for (const dir of plan.imageDirs) lines.push(`mount -o remount,bind,ro ${quote(dir)}`);
  }
  lines.push(`cd ${quote(plan.cwd)}`);
  lines.push(`exec setpriv --reuid=${plan.uid} --regid=${plan.gid} --clear-groups --inh-caps=-all --bounding-set=-all -- ${plan.argv.map(quote).join(" ")}`);
  return lines.join("\n");
}
