import {
  AuthorizationV1Api,
  CoreV1Api,
  KubernetesObjectApi,
  RbacAuthorizationV1Api,
  VersionApi,
  type KubeConfig,
  type ObservableMiddleware,
  type V1PolicyRule,
} from "@kubernetes/client-node";
import type { ResourceRule } from "@/server/domain/platform-health/permissions";
import type { HostClusterInspector } from "@/server/services/platform-health/platform-health-deps";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

/** Read-only questions to the host apiserver as the platform's own identity (the host kubeconfig). */
export class KubeHostClusterInspector implements HostClusterInspector {
  private readonly core: CoreV1Api;
  private readonly authz: AuthorizationV1Api;
  private readonly versions: VersionApi;
  private readonly rbac: RbacAuthorizationV1Api;
  private readonly discovery: GroupVersionDiscovery;

  constructor(kubeConfig: KubeConfig, private readonly timeoutMs = 10_000) {
    this.core = kubeConfig.makeApiClient(CoreV1Api);
    this.authz = kubeConfig.makeApiClient(AuthorizationV1Api);
    this.versions = kubeConfig.makeApiClient(VersionApi);
    this.rbac = kubeConfig.makeApiClient(RbacAuthorizationV1Api);
    this.discovery = kubeConfig.makeApiClient(GroupVersionDiscovery);
  }

  private options(signal: AbortSignal) {
    return callOptions({ timeoutMs: this.timeoutMs, signal });
  }

  async version(signal: AbortSignal): Promise<string> {
    try {
      return (await this.versions.getCode(undefined, this.options(signal))).gitVersion;
    } catch (err) {
      throw KubeApiError.from(err, "reading the host apiserver's /version");
    }
  }

  async rules(namespace: string, signal: AbortSignal): Promise<{ rules: ResourceRule[]; incomplete: boolean }> {
    try {
      const review = await this.authz.createSelfSubjectRulesReview(
        { body: { apiVersion: "authorization.k8s.io/v1", kind: "SelfSubjectRulesReview", spec: { namespace } } },
        this.options(signal),
      );
      const rules = (review.status?.resourceRules ?? []).map(toResourceRule);
      return { rules, incomplete: review.status?.incomplete ?? false };
    } catch (err) {
      throw KubeApiError.from(err, `reviewing the platform's permissions in namespace ${namespace}`);
    }
  }

  async clusterRoleRules(name: string, signal: AbortSignal): Promise<{ status: "found"; rules: ResourceRule[] } | { status: "missing" | "forbidden" }> {
    try {
      const role = await this.rbac.readClusterRole({ name }, this.options(signal));
      // Non-resource rules (URLs) carry no resources and so grant nothing checked here.
      return { status: "found", rules: (role.rules ?? []).map(toResourceRule) };
    } catch (err) {
      const status = kubeStatusOf(err);
      if (status === 404) return { status: "missing" };
      if (status === 403) return { status: "forbidden" };
      throw KubeApiError.from(err, `reading ClusterRole ${name}`);
    }
  }

  async secretExists(namespace: string, name: string, signal: AbortSignal): Promise<boolean> {
    try {
      await this.core.readNamespacedSecret({ name, namespace }, this.options(signal));
      return true;
    } catch (err) {
      if (kubeStatusOf(err) === 404) return false;
      throw KubeApiError.from(err, `reading Secret ${namespace}/${name}`);
    }
  }

  async loadBalancerAddressCount(namespace: string, name: string, signal: AbortSignal): Promise<number | null> {
    try {
      const service = await this.core.readNamespacedService({ name, namespace }, this.options(signal));
      return (service.status?.loadBalancer?.ingress ?? []).filter((i) => i.ip || i.hostname).length;
    } catch (err) {
      if (kubeStatusOf(err) === 404) return null;
      throw KubeApiError.from(err, `reading Service ${namespace}/${name}`);
    }
  }

  async servedKinds(apiVersion: string, kinds: readonly string[], signal: AbortSignal): Promise<string[]> {
    // A fresh instance per check: its discovery cache must not outlive one answer, and it carries this call's limits.
    const discovery = this.discovery.withMiddleware(this.options(signal).middleware ?? []);
    const served: string[] = [];
    try {
      for (const kind of kinds) if (await discovery.serves(apiVersion, kind)) served.push(kind);
      return served;
    } catch (err) {
      // The group version is not served at all: no CRD of that group (and version) is installed.
      if (kubeStatusOf(err) === 404) return [];
      throw KubeApiError.from(err, `reading API discovery of ${apiVersion}`);
    }
  }
}

/**
 * client-node's discovery of one group version (GET /apis/<group>/<version>), which it keeps protected for
 * its apply; exposed here with per-call options (client-node runs an object API's middleware from its own
 * configuration, so the timeout and signal go in by a new instance).
 */
class GroupVersionDiscovery extends KubernetesObjectApi {
  withMiddleware(middleware: readonly ObservableMiddleware[]): GroupVersionDiscovery {
    return new GroupVersionDiscovery({ ...this.configuration, middleware: [...this.configuration.middleware, ...middleware] });
  }

  async serves(apiVersion: string, kind: string): Promise<boolean> {
    return (await this.resource(apiVersion, kind)) !== undefined;
  }
}

/** A review's or a ClusterRole's rule, with its names: a rule limited to names grants only on those objects. */
function toResourceRule(rule: Pick<V1PolicyRule, "apiGroups" | "resources" | "verbs" | "resourceNames">): ResourceRule {
  return { apiGroups: rule.apiGroups ?? [], resources: rule.resources ?? [], verbs: rule.verbs, resourceNames: rule.resourceNames ?? [] };
}
