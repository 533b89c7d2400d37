import { describe, expect, it } from "vitest";
import { INGRESS_NGINX_PROFILE } from "./controller-profile";
import { CHECK_FINDING_LEAD, isCheckFinding, judgeManagedIngress, type ManagedIngressObservation } from "./ingress-check";

const healthy: ManagedIngressObservation = {
  release: { revision: 3, status: "deployed" },
  deployment: { replicas: 1, availableReplicas: 1, available: true },
  service: { type: "NodePort", ports: 2, nodePorts: 2 },
  ingressClass: { controller: "kubebyon.app/managed-ingress" },
};
const judge = (change: Partial<ManagedIngressObservation>) => judgeManagedIngress(INGRESS_NGINX_PROFILE, { ...healthy, ...change });

describe("judgeManagedIngress", () => {
  it("is healthy when the release is deployed, the Deployment available, the Service on NodePorts and the IngressClass names the controller", () => {
    expect(judge({})).toEqual({ healthy: true });
  });

  it.each<[string, Partial<ManagedIngressObservation>, string, RegExp]>([
    ["release gone", { release: null }, "release_missing", /Helm release kubebyon-system\/kubebyon-managed-ingress is missing in the cluster \(uninstalled, or namespace kubebyon-system deleted\?\); press Retry/],
    ["release failed", { release: { revision: 4, status: "failed" } }, "release_not_deployed", /Helm release kubebyon-system\/kubebyon-managed-ingress is failed \(revision 4\), not deployed/],
    ["Deployment deleted", { deployment: null }, "deployment_missing", /ingress controller Deployment kubebyon-system\/kubebyon-managed-ingress-controller is missing in the cluster \(deleted\?\); press Retry to reinstall it\.$/],
    [
      "Deployment unavailable",
      { deployment: { replicas: 1, availableReplicas: 0, available: false, message: "Deployment does not have minimum availability." } },
      "deployment_unavailable",
      /is not available \(0 of 1 replicas available: Deployment does not have minimum availability\.\); its pods need a Ready node/,
    ],
    ["Service deleted", { service: null }, "service_missing", /ingress controller Service kubebyon-system\/kubebyon-managed-ingress-controller is missing/],
    ["Service made ClusterIP", { service: { type: "ClusterIP", ports: 2, nodePorts: 0 } }, "service_changed", /is of type ClusterIP with 0 of 2 ports on a NodePort, expected NodePort/],
    ["IngressClass deleted", { ingressClass: null }, "ingress_class_missing", /the IngressClass kubebyon is missing in the cluster \(deleted\?\), so Ingresses of that class are not served/],
    ["IngressClass taken over", { ingressClass: { controller: "k8s.io/ingress-nginx" } }, "ingress_class_changed", /names controller k8s.io\/ingress-nginx, expected kubebyon.app\/managed-ingress/],
  ])("%s → %s with a reason that names the object and says what to do", (_what, change, problem, reason) => {
    const judged = judge(change);
    expect(judged).toMatchObject({ healthy: false, problem });
    if (judged.healthy) throw new Error("unreachable");
    expect(judged.reason.startsWith(CHECK_FINDING_LEAD)).toBe(true);
    expect(judged.reason).toMatch(reason);
    expect(isCheckFinding(judged.reason)).toBe(true);
  });

  it("names the release first when the whole install is gone, not each object it took with it", () => {
    expect(judge({ release: null, deployment: null, service: null, ingressClass: null })).toMatchObject({ problem: "release_missing" });
    expect(judge({ deployment: null, ingressClass: null })).toMatchObject({ problem: "deployment_missing" });
  });

  it("tells the check's own errors from a reconcile's", () => {
    expect(isCheckFinding("Error: UPGRADE FAILED: function \"nope\" not defined")).toBe(false);
    expect(isCheckFinding(null)).toBe(false);
  });
});
