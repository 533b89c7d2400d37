/**
 * The managed workload ingress controller the platform installs inside each
 * vCluster (spec managed-workload-ingress §1.2, §2.1, §2.2, §5.1), as one
 * profile: chart, release, values, what "healthy" means and what disabling
 * must clean up after `helm uninstall`. The jobs and the helm adapter only
 * read this object, so a maintained controller can replace ingress-nginx
 * (retired upstream, maintenance ended March 2026) by adding a profile,
 * without touching either.
 */

/** Kinds the readiness checks and the orphan cleanup know how to read and delete. */
export type ClusterScopedKind = "ClusterRole" | "ClusterRoleBinding" | "ValidatingWebhookConfiguration" | "IngressClass";

export interface ClusterScopedObject {
  kind: ClusterScopedKind;
  name: string;
}

export interface ManagedIngressControllerProfile {
  /** Names the profile in logs and docs. */
  id: string;
  /** The only chart name this profile accepts (from the repository, or as the name in a local chart's Chart.yaml). */
  chartName: string;
  defaultChartRepo: string;
  releaseName: string;
  namespace: string;
  /** The IngressClass users put in their Ingresses (stored as managed_workload_ingress_class). */
  ingressClassName: string;
  /** IngressClass.spec.controller. */
  controllerValue: string;
  /** Helm values; the same object every time, so an unchanged release can be recognised by its values. */
  values: Readonly<Record<string, unknown>>;
  /** §5.1: healthy = this Deployment available, this Service present with NodePorts, this IngressClass present. */
  readiness: {
    deployment: string;
    service: { name: string; type: "NodePort" };
    ingressClass: { name: string; controller: string };
  };
  /**
   * Cluster-scoped objects the chart creates that `helm uninstall` may leave behind (helm hooks are not
   * part of the release; a failed install leaves half of them): deleted by name, and also every object of
   * these kinds carrying `orphanLabels` (the chart's instance label), whatever the chart version named it.
   */
  orphans: readonly ClusterScopedObject[];
  orphanLabels: Readonly<Record<string, string>>;
}

const RELEASE = "kubebyon-managed-ingress";
const INGRESS_CLASS = "kubebyon";
const CONTROLLER_VALUE = "kubebyon.app/managed-ingress";

/**
 * ingress-nginx 4.15 (KUBE-FACTS "ingress-nginx"): with fullnameOverride the controller's objects are
 * `<release>-controller`, the admission objects `<release>-admission`.
 */
export const INGRESS_NGINX_PROFILE: ManagedIngressControllerProfile = Object.freeze({
  id: "ingress-nginx",
  chartName: "ingress-nginx",
  defaultChartRepo: "https://kubernetes.github.io/ingress-nginx",
  releaseName: RELEASE,
  namespace: "kubebyon-system",
  ingressClassName: INGRESS_CLASS,
  controllerValue: CONTROLLER_VALUE,
  values: Object.freeze({
    fullnameOverride: RELEASE,
    controller: {
      ingressClass: INGRESS_CLASS,
      ingressClassResource: { name: INGRESS_CLASS, enabled: true, default: false, controllerValue: CONTROLLER_VALUE },
      service: { type: "NodePort" },
    },
  }),
  readiness: {
    deployment: `${RELEASE}-controller`,
    service: { name: `${RELEASE}-controller`, type: "NodePort" as const },
    ingressClass: { name: INGRESS_CLASS, controller: CONTROLLER_VALUE },
  },
  orphans: Object.freeze([
    { kind: "ClusterRole", name: RELEASE },
    { kind: "ClusterRoleBinding", name: RELEASE },
    { kind: "ClusterRole", name: `${RELEASE}-admission` },
    { kind: "ClusterRoleBinding", name: `${RELEASE}-admission` },
    { kind: "ValidatingWebhookConfiguration", name: `${RELEASE}-admission` },
    { kind: "IngressClass", name: INGRESS_CLASS },
  ] as const),
  orphanLabels: Object.freeze({ "app.kubernetes.io/instance": RELEASE }),
});

/** The one built-in profile today (spec §2.1). */
export const MANAGED_INGRESS_PROFILE = INGRESS_NGINX_PROFILE;

/** What the health check saw: ready, or the first thing that is not. */
export type ManagedIngressHealth = { ready: true; ingressClass: string; nodePorts: number[] } | { ready: false; reason: string };

/** Deep equality of two JSON values (helm returns values as JSON; key order does not matter). */
export function sameJsonValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJsonValues(v, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ak = Object.keys(a).sort();
    const bk = Object.keys(b).sort();
    return ak.length === bk.length && ak.every((k, i) => k === bk[i] && sameJsonValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
