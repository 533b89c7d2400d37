import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, PatchStrategy, setHeaderOptions, type CoreV1Event, type KubeConfig, type V1Secret } from "@kubernetes/client-node";
import { AppError } from "@/server/domain/errors";
import type { ControlPlaneProvisioner, NamespaceQuota } from "@/server/services/clusters/control-plane-provisioner";
import type { HelmCli } from "./helm-cli";
import { KubeApiError, kubeStatusOf, pause } from "./kube-calls";
import { ObjectDoorbell } from "./object-doorbell";
import { PlatformIdentity } from "./platform-identity";
import { TenantRoleBinder } from "./tenant-role-binding";

export interface VclusterChart {
  /** Chart name in `repo`, an oci:// reference, or a local chart directory / .tgz. */
  chart: string;
  repo: string;
  version: string;
}

export interface HelmControlPlaneProvisionerDeps {
  /** Host cluster (see loadHostKubeConfig). */
  kubeConfig: KubeConfig;
  helm: HelmCli;
  chart: VclusterChart;
  platformSecret: { name: string; sourceNamespace: string };
  /**
   * KUBEBYON_TENANT_CLUSTER_ROLE: bound to the platform itself in each cluster namespace right after
   * the namespace is applied, before anything else happens there. Undefined: the identity already
   * holds every right it needs in every namespace (an admin kubeconfig).
   */
  tenantClusterRole?: string;
  /** How often waits re-check the API. Default 1 s. */
  pollIntervalMs?: number;
}

const FIELD_MANAGER = "kubebyon";
const QUOTA_NAME = "kubebyon-quota";
// Each upgrade leaves a release Secret behind; clusters that change often would pile them up.
const HELM_HISTORY_MAX = "10";
const applyPatch = () => setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply);

function isLocalChart(chart: string): boolean {
  return path.isAbsolute(chart) || chart.startsWith("./") || chart.startsWith("../") || chart.endsWith(".tgz");
}

/** The helm arguments naming the chart: `<chart>` plus --repo/--version as its kind needs (install and `helm show chart` alike). */
export function chartArgs(vcluster: VclusterChart): string[] {
  const { chart, repo, version } = vcluster;
  const source = isLocalChart(chart) ? [] : chart.startsWith("oci://") ? ["--version", version] : ["--repo", repo, "--version", version];
  return [chart, ...source];
}

/** The chart as an operator configured it, for messages. */
export function describeChart(vcluster: VclusterChart): string {
  const { chart, repo, version } = vcluster;
  if (isLocalChart(chart)) return `local chart ${chart}`;
  return chart.startsWith("oci://") ? `${chart} ${version}` : `${chart} ${version} from ${repo}`;
}

async function withKubeContext<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw KubeApiError.from(err, action);
  }
}

/** Polls `done` until it returns true; throws `onTimeout()` after timeoutMs, or the abort reason. */
async function pollUntil(opts: {
  done: () => Promise<boolean>;
  timeoutMs: number;
  intervalMs: number;
  signal?: AbortSignal;
  onTimeout: () => Error;
  /** Ends a pause early when what `done` checks has probably changed. */
  doorbell?: ObjectDoorbell;
}): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    opts.signal?.throwIfAborted();
    if (await opts.done()) return;
    const left = deadline - Date.now();
    if (left <= 0) throw opts.onTimeout();
    const ms = Math.min(opts.intervalMs, left);
    await (opts.doorbell ? opts.doorbell.wait(ms, opts.signal) : pause(ms, opts.signal));
  }
}

/**
 * ControlPlaneProvisioner on the host cluster: client-node for namespaces,
 * quotas and Secrets (server-side apply, so re-runs converge), the helm CLI
 * for the vCluster release.
 */
export class HelmControlPlaneProvisioner implements ControlPlaneProvisioner {
  /** Named in the start-up lines (spec walkthrough step 8: `control_plane_provisioner=…`). */
  static readonly implementation = "helm-cli";
  private readonly core: CoreV1Api;
  private readonly pollIntervalMs: number;
  private readonly tenantBinder: TenantRoleBinder | undefined;

  constructor(private readonly deps: HelmControlPlaneProvisionerDeps) {
    this.core = deps.kubeConfig.makeApiClient(CoreV1Api);
    this.pollIntervalMs = deps.pollIntervalMs ?? 1_000;
    const clusterRole = deps.tenantClusterRole;
    this.tenantBinder = clusterRole
      ? new TenantRoleBinder({ kubeConfig: deps.kubeConfig, clusterRole, identity: new PlatformIdentity(deps.kubeConfig) })
      : undefined;
  }

  async ensureNamespace(input: { namespace: string; labels: Record<string, string> }): Promise<void> {
    const ns = await withKubeContext(`creating namespace ${input.namespace}`, () =>
      this.core.patchNamespace(
        {
          name: input.namespace,
          body: { apiVersion: "v1", kind: "Namespace", metadata: { name: input.namespace, labels: input.labels } },
          fieldManager: FIELD_MANAGER,
          force: true,
        },
        applyPatch(),
      ),
    );
    if (ns.status?.phase === "Terminating") {
      throw new AppError(
        "CONFLICT",
        `namespace ${input.namespace} is still being deleted; retry once it is gone (kubectl get namespace ${input.namespace})`,
      );
    }
    // Everything after this (quota, Secret copy, helm) runs on the rights this binding grants.
    await this.tenantBinder?.ensure(input);
  }

  async applyQuota(input: { namespace: string; quota: NamespaceQuota }): Promise<void> {
    const { namespace, quota } = input;
    // Server-side apply with one field manager: an entry the new spec leaves out is removed, so the
    // objects hold exactly what the domain computed for the plan.
    await withKubeContext(`applying ResourceQuota ${QUOTA_NAME} in ${namespace}`, () =>
      this.core.patchNamespacedResourceQuota(
        {
          name: QUOTA_NAME,
          namespace,
          body: { apiVersion: "v1", kind: "ResourceQuota", metadata: { name: QUOTA_NAME, namespace }, spec: { hard: quota.hard } },
          fieldManager: FIELD_MANAGER,
          force: true,
        },
        applyPatch(),
      ),
    );
    const { container, volumeClaimMax } = quota.limitRange;
    const limits: object[] = [
      // Patch bodies are sent as-is, so the wire name "default" (not client-node's _default).
      { type: "Container", max: container.max, default: container.default, defaultRequest: container.defaultRequest },
    ];
    if (volumeClaimMax) limits.push({ type: "PersistentVolumeClaim", max: { storage: volumeClaimMax } });
    await withKubeContext(`applying LimitRange ${QUOTA_NAME} in ${namespace}`, () =>
      this.core.patchNamespacedLimitRange(
        {
          name: QUOTA_NAME,
          namespace,
          body: { apiVersion: "v1", kind: "LimitRange", metadata: { name: QUOTA_NAME, namespace }, spec: { limits } },
          fieldManager: FIELD_MANAGER,
          force: true,
        },
        applyPatch(),
      ),
    );
  }

  async copyPlatformSecret(input: { namespace: string }): Promise<void> {
    const { name, sourceNamespace } = this.deps.platformSecret;
    if (input.namespace === sourceNamespace) return;
    let source: V1Secret;
    try {
      source = await this.core.readNamespacedSecret({ name, namespace: sourceNamespace });
    } catch (err) {
      if (kubeStatusOf(err) === 404) {
        throw new AppError(
          "PRECONDITION_FAILED",
          `the vCluster Platform API key Secret "${name}" was not found in namespace "${sourceNamespace}": create it there (see docs/cluster-runtime.md) or set KUBEBYON_PLATFORM_API_KEY_SECRET_NAME / KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE to where it lives`,
          { cause: err },
        );
      }
      throw KubeApiError.from(err, `reading Secret ${sourceNamespace}/${name}`);
    }
    await withKubeContext(`copying Secret ${name} into ${input.namespace}`, () =>
      this.core.patchNamespacedSecret(
        {
          name,
          namespace: input.namespace,
          body: {
            apiVersion: "v1",
            kind: "Secret",
            metadata: { name, namespace: input.namespace, labels: { "app.kubernetes.io/managed-by": FIELD_MANAGER } },
            type: source.type,
            data: source.data ?? {},
          },
          fieldManager: FIELD_MANAGER,
          force: true,
        },
        applyPatch(),
      ),
    );
  }

  async installOrUpgrade(input: { releaseName: string; namespace: string; values: Record<string, unknown>; signal?: AbortSignal }): Promise<void> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-values-"));
    try {
      const valuesFile = path.join(dir, "values.yaml");
      // JSON is valid YAML and keeps every value's type exactly.
      await writeFile(valuesFile, JSON.stringify(input.values), { mode: 0o600 });
      await this.deps.helm.run(
        [
          "upgrade", "--install", input.releaseName, ...chartArgs(this.deps.chart),
          "--namespace", input.namespace,
          "--values", valuesFile,
          "--history-max", HELM_HISTORY_MAX,
          "--wait=false",
        ],
        { signal: input.signal },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async waitForControlPlane(input: { namespace: string; releaseName: string; timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    const secretName = `vc-${input.releaseName}`;
    // Event times have second precision; a refusal from before this wait (an earlier attempt) does not count.
    const since = Date.now() - 1_000;
    // vCluster writes the Secret at a moment no poll knows: a watch on it ends the pause then, rather
    // than up to a poll interval later (bench:create measured that lag as most of a create's own time).
    const doorbell = new ObjectDoorbell(this.deps.kubeConfig, {
      path: `/api/v1/namespaces/${input.namespace}/secrets`,
      fieldSelector: `metadata.name=${secretName}`,
      retryMs: this.pollIntervalMs,
    });
    try {
      await pollUntil({
        timeoutMs: input.timeoutMs,
        intervalMs: this.pollIntervalMs,
        signal: input.signal,
        doorbell,
        done: async () => {
          try {
            await this.core.readNamespacedSecret({ name: secretName, namespace: input.namespace });
            return true;
          } catch (err) {
            if (kubeStatusOf(err) !== 404) throw KubeApiError.from(err, `reading Secret ${input.namespace}/${secretName}`);
          }
          // Not there yet. If the namespace itself is going away (the cluster was deleted meanwhile), it never will be.
          await this.assertNamespaceNotGoing(input.namespace);
          await this.assertPodAdmitted(input.namespace, input.releaseName, since);
          return false;
        },
        onTimeout: () =>
          new Error(
            `the vCluster control plane ${input.releaseName} did not become ready within ${Math.round(input.timeoutMs / 1000)} s (Secret ${secretName} was not written in namespace ${input.namespace}); check its pod with: kubectl -n ${input.namespace} get pods,events`,
          ),
      });
    } finally {
      doorbell.stop();
    }
  }

  /**
   * Admission refuses the control-plane Pod for good when it breaks the namespace's quota or
   * LimitRange (or another admission rule): the StatefulSet controller then retries with backoff
   * forever and the kubeconfig Secret never comes. Its FailedCreate event says why; waiting out the
   * timeout would only hide that.
   */
  private async assertPodAdmitted(namespace: string, releaseName: string, since: number): Promise<void> {
    let events: CoreV1Event[];
    try {
      events = (
        await this.core.listNamespacedEvent({
          namespace,
          fieldSelector: `involvedObject.kind=StatefulSet,involvedObject.name=${releaseName},reason=FailedCreate`,
        })
      ).items;
    } catch {
      return; // Reading events is a diagnosis, not a step: keep waiting for the Secret.
    }
    const refusal = events
      .filter((e) => /\bis forbidden\b/.test(e.message ?? "") && eventTime(e) >= since)
      .sort((a, b) => eventTime(b) - eventTime(a))[0];
    if (!refusal) return;
    throw new AppError(
      "PRECONDITION_FAILED",
      `the vCluster control plane ${releaseName} cannot start: the host cluster refuses its Pod (${refusal.message}). Give the cluster a plan whose control plane fits its quota (docs/plans-and-quotas.md), or fix the values file (KUBEBYON_VCLUSTER_VALUES_FILE); see kubectl -n ${namespace} get events`,
    );
  }

  private async assertNamespaceNotGoing(namespace: string): Promise<void> {
    let phase: string | undefined;
    try {
      phase = (await this.core.readNamespace({ name: namespace })).status?.phase;
    } catch (err) {
      if (kubeStatusOf(err) === 404) throw new Error(`namespace ${namespace} no longer exists, so the control plane cannot come up; was the cluster deleted?`, { cause: err });
      return; // A failed read is not evidence of anything: keep waiting for the Secret.
    }
    if (phase === "Terminating") throw new Error(`namespace ${namespace} is being deleted, so the control plane cannot come up; was the cluster deleted?`);
  }

  async uninstall(input: { releaseName: string; namespace: string; signal?: AbortSignal }): Promise<void> {
    try {
      await this.deps.helm.run(["uninstall", input.releaseName, "--namespace", input.namespace], { signal: input.signal });
    } catch (err) {
      // Deleting twice (or after a crash) must succeed.
      if (err instanceof Error && /release: not found/i.test(err.message)) return;
      throw err;
    }
  }

  async deleteNamespace(input: { namespace: string; timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    try {
      await this.core.deleteNamespace({ name: input.namespace });
    } catch (err) {
      if (kubeStatusOf(err) === 404) return;
      throw KubeApiError.from(err, `deleting namespace ${input.namespace}`);
    }
    await pollUntil({
      timeoutMs: input.timeoutMs,
      intervalMs: this.pollIntervalMs,
      signal: input.signal,
      done: async () => {
        try {
          await this.core.readNamespace({ name: input.namespace });
          return false;
        } catch (err) {
          if (kubeStatusOf(err) === 404) return true;
          throw KubeApiError.from(err, `reading namespace ${input.namespace}`);
        }
      },
      onTimeout: () =>
        new Error(
          `namespace ${input.namespace} was still terminating after ${Math.round(input.timeoutMs / 1000)} s; see what blocks it with: kubectl get namespace ${input.namespace} -o yaml`,
        ),
    });
  }
}

/** When the event last happened (series and aggregated events update lastTimestamp / series.lastObservedTime). */
function eventTime(event: CoreV1Event): number {
  const stamp = event.series?.lastObservedTime ?? event.lastTimestamp ?? event.eventTime ?? event.metadata.creationTimestamp;
  return stamp ? new Date(stamp).getTime() : 0;
}
