import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  AdmissionregistrationV1Api,
  AppsV1Api,
  CoreV1Api,
  NetworkingV1Api,
  RbacAuthorizationV1Api,
  type KubeConfig,
} from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { AppError } from "@/server/domain/errors";
import { NoReadyNodeError } from "@/server/domain/managed-ingress/no-ready-node";
import {
  MANAGED_INGRESS_PROFILE,
  sameJsonValues,
  type ClusterScopedKind,
  type ManagedIngressControllerProfile,
  type ManagedIngressHealth,
} from "@/server/domain/managed-ingress/controller-profile";
import type { EnsureOutcome, ManagedIngressCall, ManagedIngressReconciler } from "@/server/services/clusters/managed-ingress-reconciler";
import { HelmCli } from "./helm-cli";
import { chartArgs, describeChart, type VclusterChart } from "./helm-control-plane-provisioner";
import { isNodeReady } from "./host-node-addresses";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

/** KUBEBYON_MANAGED_INGRESS_CHART (name in the repo, or a local chart directory/.tgz), _REPO, _VERSION. */
export type ManagedIngressChart = VclusterChart;

export interface HelmManagedIngressReconcilerDeps {
  helmBin: string;
  /** Keeps helm's cache/config/data out of $HOME (tests). */
  helmHome?: string;
  chart: ManagedIngressChart;
  profile?: ManagedIngressControllerProfile;
  /** helm's own --timeout (hooks such as the admission Jobs are waited for). Default 5 min. */
  helmTimeoutMs?: number;
  /** Per Kubernetes read. Default 10 s. */
  readTimeoutMs?: number;
}

const HELM_HISTORY_MAX = "10";

interface ReleaseEntry {
  name: string;
  revision: string;
  status: string;
  chart: string;
}

function isLocalChart(chart: string): boolean {
  return path.isAbsolute(chart) || chart.startsWith("./") || chart.startsWith("../") || chart.endsWith(".tgz");
}

/**
 * ManagedIngressReconciler with the real helm CLI inside a vCluster: helm gets a kubeconfig file written
 * from the platform's credentials for that vCluster (0600, in a private temp dir, removed after each call);
 * the readiness checks and the orphan cleanup use client-node with the same credentials.
 */
export class HelmManagedIngressReconciler implements ManagedIngressReconciler {
  readonly profile: ManagedIngressControllerProfile;
  private readonly helmTimeoutMs: number;
  private readonly readTimeoutMs: number;

  constructor(private readonly deps: HelmManagedIngressReconcilerDeps) {
    this.profile = deps.profile ?? MANAGED_INGRESS_PROFILE;
    this.helmTimeoutMs = deps.helmTimeoutMs ?? 5 * 60_000;
    this.readTimeoutMs = deps.readTimeoutMs ?? 10_000;
    const { chart } = deps.chart;
    if (!isLocalChart(chart) && chart !== this.profile.chartName) {
      // Spec §2.1: the built-in controller is fixed; only where the chart comes from may change.
      throw new AppError(
        "PRECONDITION_FAILED",
        `KUBEBYON_MANAGED_INGRESS_CHART is "${chart}", but the managed ingress controller is the ${this.profile.chartName} chart: set it to "${this.profile.chartName}" (from KUBEBYON_MANAGED_INGRESS_CHART_REPO) or to a local ${this.profile.chartName} chart directory or .tgz`,
      );
    }
  }

  async ensure(call: ManagedIngressCall): Promise<EnsureOutcome> {
    const { profile } = this;
    return this.withHelm(call.credentials, async (helm, dir) => {
      const kc = kubeConfigFromCredentials(call.credentials);
      const expectedChart = await this.expectedChart(helm);
      const current = await this.release(helm);
      if (current && current.status === "deployed" && (expectedChart === null || current.chart === expectedChart)) {
        const values = JSON.parse((await helm.run(["get", "values", profile.releaseName, "--namespace", profile.namespace, "--output", "json"])).stdout || "null") as unknown;
        if (sameJsonValues(values ?? {}, profile.values) && (await this.health(kc, call.signal)).ready) {
          return { action: "unchanged", revision: Number(current.revision) };
        }
      }
      await this.requireReadyNode(kc, call.signal);
      const valuesFile = path.join(dir, "values.json");
      // JSON is valid YAML and keeps every value's type exactly.
      await writeFile(valuesFile, JSON.stringify(profile.values), { mode: 0o600 });
      await helm.run(
        [
          "upgrade", "--install", profile.releaseName, ...chartArgs(this.deps.chart),
          "--namespace", profile.namespace,
          "--create-namespace",
          "--values", valuesFile,
          "--history-max", HELM_HISTORY_MAX,
          "--timeout", `${Math.ceil(this.helmTimeoutMs / 1000)}s`,
        ],
        { signal: call.signal, timeoutMs: this.helmTimeoutMs + 30_000 },
      );
      const after = await this.release(helm);
      return { action: current ? "upgraded" : "installed", revision: Number(after?.revision ?? 0) };
    });
  }

  async status(call: ManagedIngressCall): Promise<ManagedIngressHealth> {
    return this.health(kubeConfigFromCredentials(call.credentials), call.signal);
  }

  async disable(call: ManagedIngressCall): Promise<{ uninstalled: boolean; orphansDeleted: string[] }> {
    const { profile } = this;
    const uninstalled = await this.withHelm(call.credentials, async (helm) => {
      if (!(await this.release(helm))) return false;
      await helm.run(["uninstall", profile.releaseName, "--namespace", profile.namespace, "--timeout", `${Math.ceil(this.helmTimeoutMs / 1000)}s`], {
        signal: call.signal,
        timeoutMs: this.helmTimeoutMs + 30_000,
      });
      return true;
    });
    const orphansDeleted = await this.deleteOrphans(kubeConfigFromCredentials(call.credentials), call.signal);
    return { uninstalled, orphansDeleted };
  }

  /**
   * helm waits for the chart's hook Jobs (the admission certificate), and those, like the controller,
   * run only on a node: with none Ready helm would sit out its whole timeout, so say so at once
   * (a NoReadyNodeError: the step then waits for the node observer instead of failing).
   */
  private async requireReadyNode(kc: KubeConfig, signal?: AbortSignal): Promise<void> {
    let nodes;
    try {
      nodes = (await kc.makeApiClient(CoreV1Api).listNode({}, callOptions({ timeoutMs: this.readTimeoutMs, signal }))).items;
    } catch (err) {
      throw KubeApiError.from(err, "listing the cluster's Nodes");
    }
    const ready = nodes.filter(isNodeReady);
    if (ready.length === 0) throw new NoReadyNodeError(nodes.length);
  }

  /** `<name>-<version>` as `helm list` shows it; null when the configured chart has no fixed version (a repo chart without one). */
  private async expectedChart(helm: HelmCli): Promise<string | null> {
    const { chart, version } = this.deps.chart;
    if (!isLocalChart(chart)) return version ? `${chart}-${version}` : null;
    const meta = parseYaml((await helm.run(["show", "chart", chart])).stdout) as { name?: string; version?: string } | null;
    if (meta?.name !== this.profile.chartName) {
      throw new AppError(
        "PRECONDITION_FAILED",
        `KUBEBYON_MANAGED_INGRESS_CHART points at ${describeChart(this.deps.chart)}, which is chart "${meta?.name ?? "?"}", not ${this.profile.chartName}: point it at a ${this.profile.chartName} chart`,
      );
    }
    return `${meta.name}-${meta.version ?? ""}`;
  }

  private async release(helm: HelmCli): Promise<ReleaseEntry | null> {
    const { releaseName, namespace } = this.profile;
    const out = await helm.run(["list", "--namespace", namespace, "--all", "--filter", `^${releaseName}$`, "--output", "json"]);
    const entries = JSON.parse(out.stdout || "[]") as ReleaseEntry[];
    return entries.find((r) => r.name === releaseName) ?? null;
  }

  private async health(kc: KubeConfig, signal?: AbortSignal): Promise<ManagedIngressHealth> {
    const { readiness, namespace } = this.profile;
    const opts = callOptions({ timeoutMs: this.readTimeoutMs, signal });
    const read = async <T>(what: string, run: () => Promise<T>): Promise<T | null> => {
      try {
        return await run();
      } catch (err) {
        if (kubeStatusOf(err) === 404) return null;
        throw KubeApiError.from(err, `reading ${what}`);
      }
    };
    const deploymentName = `Deployment ${namespace}/${readiness.deployment}`;
    const deployment = await read(deploymentName, () => kc.makeApiClient(AppsV1Api).readNamespacedDeployment({ name: readiness.deployment, namespace }, opts));
    if (!deployment) return { ready: false, reason: `${deploymentName} does not exist` };
    const available = deployment.status?.conditions?.find((c) => c.type === "Available");
    if (available?.status !== "True") {
      const counts = `${deployment.status?.availableReplicas ?? 0} of ${deployment.spec?.replicas ?? 1} replicas available`;
      return { ready: false, reason: `${deploymentName} is not available yet (${counts}${available?.message ? `: ${available.message}` : ""}); its pods need a Ready node to run on` };
    }
    const serviceName = `Service ${namespace}/${readiness.service.name}`;
    const service = await read(serviceName, () => kc.makeApiClient(CoreV1Api).readNamespacedService({ name: readiness.service.name, namespace }, opts));
    if (!service) return { ready: false, reason: `${serviceName} does not exist` };
    if (service.spec?.type !== readiness.service.type) return { ready: false, reason: `${serviceName} has type ${service.spec?.type ?? "?"}, expected ${readiness.service.type}` };
    const ports = service.spec?.ports ?? [];
    const nodePorts = ports.map((p) => p.nodePort).filter((p): p is number => typeof p === "number" && p > 0);
    if (ports.length === 0 || nodePorts.length !== ports.length) return { ready: false, reason: `${serviceName} has no NodePort on every port yet` };
    const className = `IngressClass ${readiness.ingressClass.name}`;
    const ingressClass = await read(className, () => kc.makeApiClient(NetworkingV1Api).readIngressClass({ name: readiness.ingressClass.name }, opts));
    if (!ingressClass) return { ready: false, reason: `${className} does not exist` };
    if (ingressClass.spec?.controller !== readiness.ingressClass.controller) {
      return { ready: false, reason: `${className} names controller ${ingressClass.spec?.controller ?? "?"}, expected ${readiness.ingressClass.controller}` };
    }
    return { ready: true, ingressClass: readiness.ingressClass.name, nodePorts };
  }

  /** The profile's cluster-scoped leftovers: by name, and every object of those kinds with the release's instance label. */
  private async deleteOrphans(kc: KubeConfig, signal?: AbortSignal): Promise<string[]> {
    const opts = callOptions({ timeoutMs: this.readTimeoutMs, signal });
    const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
    const admission = kc.makeApiClient(AdmissionregistrationV1Api);
    const networking = kc.makeApiClient(NetworkingV1Api);
    const labelSelector = Object.entries(this.profile.orphanLabels).map(([k, v]) => `${k}=${v}`).join(",");
    const kinds: Record<ClusterScopedKind, { list: () => Promise<{ items: Array<{ metadata?: { name?: string } }> }>; remove: (name: string) => Promise<unknown> }> = {
      ClusterRole: { list: () => rbac.listClusterRole({ labelSelector }, opts), remove: (name) => rbac.deleteClusterRole({ name }, opts) },
      ClusterRoleBinding: { list: () => rbac.listClusterRoleBinding({ labelSelector }, opts), remove: (name) => rbac.deleteClusterRoleBinding({ name }, opts) },
      ValidatingWebhookConfiguration: {
        list: () => admission.listValidatingWebhookConfiguration({ labelSelector }, opts),
        remove: (name) => admission.deleteValidatingWebhookConfiguration({ name }, opts),
      },
      IngressClass: { list: () => networking.listIngressClass({ labelSelector }, opts), remove: (name) => networking.deleteIngressClass({ name }, opts) },
    };
    const targets = new Map<string, { kind: ClusterScopedKind; name: string }>();
    for (const o of this.profile.orphans) targets.set(`${o.kind}/${o.name}`, o);
    for (const kind of new Set(this.profile.orphans.map((o) => o.kind))) {
      let listed;
      try {
        listed = await kinds[kind].list();
      } catch (err) {
        throw KubeApiError.from(err, `listing ${kind}s labelled ${labelSelector}`);
      }
      for (const item of listed.items) if (item.metadata?.name) targets.set(`${kind}/${item.metadata.name}`, { kind, name: item.metadata.name });
    }
    const deleted: string[] = [];
    for (const [key, { kind, name }] of targets) {
      try {
        await kinds[kind].remove(name);
        deleted.push(key);
      } catch (err) {
        if (kubeStatusOf(err) !== 404) throw KubeApiError.from(err, `deleting ${key}`);
      }
    }
    return deleted;
  }

  private async withHelm<T>(credentials: ClusterCredentials, run: (helm: HelmCli, dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-ingress-"));
    try {
      const kubeconfigPath = path.join(dir, "kubeconfig");
      await writeFile(kubeconfigPath, kubeConfigFromCredentials(credentials).exportConfig(), { mode: 0o600 });
      return await run(new HelmCli({ bin: this.deps.helmBin, kubeconfigPath, helmHome: this.deps.helmHome, timeoutMs: 120_000 }), dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
