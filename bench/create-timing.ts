import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ControlPlaneProvisioner } from "@/server/services/clusters/control-plane-provisioner";
import type { KubeconfigResolver } from "@/server/services/clusters/kubeconfig-resolver";

/**
 * Time a create spends outside the platform's own code: helm, calls to the host apiserver, the vCluster
 * apiserver, the bench playing vCluster, and the platform waiting for the control plane.
 */
export type ExternalKind = "helm" | "host_api" | "vcluster_api" | "play" | "control_plane_wait";

export interface Interval {
  kind: ExternalKind;
  start: number;
  end: number;
}

/** Intervals per cluster namespace (every port call of a create names it, or returns what names it). */
export class ExternalTimes {
  private readonly byNamespace = new Map<string, Interval[]>();

  async time<T>(namespace: string, kind: ExternalKind, work: () => Promise<T>): Promise<T> {
    const start = Date.now();
    try {
      return await work();
    } finally {
      this.add(namespace, { kind, start, end: Date.now() });
    }
  }

  add(namespace: string, interval: Interval): void {
    const list = this.byNamespace.get(namespace) ?? [];
    list.push(interval);
    this.byNamespace.set(namespace, list);
  }

  of(namespace: string): readonly Interval[] {
    return this.byNamespace.get(namespace) ?? [];
  }
}

/**
 * The production provisioner with every call timed; `afterInstall` runs (not awaited) once helm has
 * installed a release, which is when a real vCluster's Pod could start.
 */
export function timedProvisioner(real: ControlPlaneProvisioner, times: ExternalTimes, afterInstall: (release: { namespace: string; releaseName: string }) => void): ControlPlaneProvisioner {
  return {
    ensureNamespace: (input) => times.time(input.namespace, "host_api", () => real.ensureNamespace(input)),
    applyQuota: (input) => times.time(input.namespace, "host_api", () => real.applyQuota(input)),
    copyPlatformSecret: (input) => times.time(input.namespace, "host_api", () => real.copyPlatformSecret(input)),
    installOrUpgrade: async (input) => {
      await times.time(input.namespace, "helm", () => real.installOrUpgrade(input));
      afterInstall(input);
    },
    waitForControlPlane: (input) => times.time(input.namespace, "control_plane_wait", () => real.waitForControlPlane(input)),
    uninstall: (input) => times.time(input.namespace, "helm", () => real.uninstall(input)),
    deleteNamespace: (input) => times.time(input.namespace, "host_api", () => real.deleteNamespace(input)),
  };
}

/** The production resolver with resolve (host reads) and probe (the vCluster's /version) timed. */
export function timedResolver(real: KubeconfigResolver, times: ExternalTimes): KubeconfigResolver {
  // probe() gets only the credentials resolve() returned; they lead back to the cluster.
  const namespaceOf = new WeakMap<ClusterCredentials, string>();
  return {
    resolve: async (input) => {
      const resolved = await times.time(input.namespace, "host_api", () => real.resolve(input));
      namespaceOf.set(resolved.credentials, input.namespace);
      return resolved;
    },
    // Only nodeport clusters without control_plane_host ask it; the bench's clusters have public access off.
    nodePortHostAddress: (setting) => real.nodePortHostAddress(setting),
    probe: (credentials, options) => {
      const namespace = namespaceOf.get(credentials);
      return namespace ? times.time(namespace, "vcluster_api", () => real.probe(credentials, options)) : real.probe(credentials, options);
    },
  };
}

/** Milliseconds of [from, to] covered by at least one interval (overlaps counted once). */
export function coveredMs(intervals: readonly Interval[], from: number, to: number): number {
  const clipped = intervals
    .map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let cursor = from;
  for (const i of clipped) {
    const start = Math.max(i.start, cursor);
    if (i.end > start) {
      total += i.end - start;
      cursor = i.end;
    }
  }
  return total;
}
