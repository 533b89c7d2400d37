import { describe, expect, it } from "vitest";
import { parseQuantity } from "@/server/domain/billing/quantities";
import type { AdmissionPolicy } from "./admission-policy";
import { admissionReviewResponse, parseAdmissionReview, type AdmissionReviewRequest } from "./admission-review";
import { admissionSubject, evaluateAdmission, type AdmissionUsage } from "./evaluate-admission";
import { formatCpu, formatMemory, NO_REQUESTS, podRequests, podSpecSchema } from "./pod-requests";

const policy = (over: Partial<AdmissionPolicy> = {}): AdmissionPolicy => ({
  planName: "Starter",
  maxNodes: 3,
  maxPods: null,
  podCpuRequests: null,
  podMemoryRequests: null,
  denyHostNamespaces: false,
  denyPrivileged: false,
  denyHostPath: false,
  ...over,
});

const q = (text: string) => parseQuantity(text) ?? (() => { throw new Error(text); })();

function review(resource: string, object: unknown, over: Partial<AdmissionReviewRequest> = {}) {
  return {
    apiVersion: "admission.k8s.io/v1",
    kind: "AdmissionReview",
    request: {
      uid: "6f1c-uid",
      kind: { group: "", version: "v1", kind: resource === "nodes" ? "Node" : "Pod" },
      resource: { group: "", version: "v1", resource },
      operation: "CREATE",
      namespace: resource === "pods" ? "default" : undefined,
      object,
      ...over,
    },
  };
}

function subjectOf(body: unknown) {
  const parsed = parseAdmissionReview(body);
  if (!parsed.ok) throw new Error(parsed.problem);
  const subject = admissionSubject(parsed.request);
  if (subject.kind === "malformed") throw new Error(subject.problem);
  return subject;
}

const container = (name: string, requests?: Record<string, string>, extra: Record<string, unknown> = {}) => ({ name, image: "nginx", resources: requests ? { requests } : {}, ...extra });
const pod = (spec: Record<string, unknown>) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { containers: [container("app")], ...spec } });
const usage = (count: number, cpu = "0", memory = "0"): AdmissionUsage => ({ pods: { count, requests: { cpu: q(cpu), memory: q(memory) } } });

describe("parseAdmissionReview", () => {
  it("accepts an admission.k8s.io/v1 AdmissionReview and keeps what the policy reads", () => {
    const parsed = parseAdmissionReview(review("nodes", { metadata: { name: "n1" } }, { dryRun: true }));
    expect(parsed).toMatchObject({ ok: true, request: { uid: "6f1c-uid", operation: "CREATE", dryRun: true, resource: { resource: "nodes" } } });
  });

  it.each([
    ["a v1beta1 review", { ...review("nodes", {}), apiVersion: "admission.k8s.io/v1beta1" }, /apiVersion/],
    ["another kind", { ...review("nodes", {}), kind: "Pod" }, /kind/],
    ["no request", { apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview" }, /request/],
    ["no uid", review("nodes", {}, { uid: "" }), /request\.uid/],
    ["an unknown operation", review("nodes", {}, { operation: "PATCH" as never }), /request\.operation/],
    ["not an object", "hello", /body/],
    ["nothing (body was not JSON)", undefined, /body/],
  ])("refuses %s with the field named", (_, body, problem) => {
    const parsed = parseAdmissionReview(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });

  it("calls a pod without a spec malformed", () => {
    const parsed = parseAdmissionReview(review("pods", { metadata: { name: "x" } }));
    expect(parsed.ok && admissionSubject(parsed.request)).toEqual({ kind: "malformed", problem: "request.object.spec: not a Pod spec" });
  });

  it("answers with the uid echoed, a denial as 403 Forbidden with the message", () => {
    expect(admissionReviewResponse("u1", { allowed: true })).toEqual({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "u1", allowed: true } });
    expect(admissionReviewResponse("u2", { allowed: false, message: "no" })).toEqual({
      apiVersion: "admission.k8s.io/v1",
      kind: "AdmissionReview",
      response: { uid: "u2", allowed: false, status: { code: 403, reason: "Forbidden", message: "no" } },
    });
  });
});

describe("evaluateAdmission: what is not intercepted", () => {
  it.each([
    ["an UPDATE of a node", review("nodes", {}, { operation: "UPDATE" })],
    ["a DELETE of a pod", review("pods", pod({ hostNetwork: true }), { operation: "DELETE" })],
    ["a subresource (pods/ephemeralcontainers)", review("pods", pod({ hostNetwork: true }), { subResource: "ephemeralcontainers" })],
    ["another resource", review("services", {})],
    ["a pods resource of another group", review("pods", pod({ hostNetwork: true }), { resource: { group: "metrics.k8s.io", version: "v1beta1", resource: "pods" } })],
  ])("allows %s", (_, body) => {
    expect(evaluateAdmission(subjectOf(body), policy({ maxNodes: 0, denyHostNamespaces: true }))).toEqual({ allowed: true, reason: "not_intercepted" });
  });

  it("allows everything when the owner has no plan", () => {
    expect(evaluateAdmission(subjectOf(review("nodes", {})), null)).toEqual({ allowed: true, reason: "no_policy" });
  });
});

describe("evaluateAdmission: nodes", () => {
  const node = subjectOf(review("nodes", { metadata: { name: "worker-4" } }));

  it("asks for the node count only, then allows under the limit", () => {
    expect(evaluateAdmission(node, policy())).toEqual({ needsUsage: { nodes: true, pods: false } });
    expect(evaluateAdmission(node, policy(), { nodes: 2 })).toEqual({ allowed: true, reason: "within_policy" });
  });

  it("denies the node past the limit, naming the count, the limit, the plan and what to do", () => {
    expect(evaluateAdmission(node, policy(), { nodes: 3 })).toEqual({
      allowed: false,
      reason: "node_limit",
      message:
        'this cluster already has 3 of the 3 nodes allowed by plan "Starter"; delete a node you no longer need (kubectl delete node <name>) or move to a plan with more nodes before joining another machine.',
    });
    expect(evaluateAdmission(node, policy({ maxNodes: 0 }), { nodes: 0 })).toMatchObject({ allowed: false, reason: "node_limit" });
  });

  it("allows any node when the plan has no node limit, without reading usage", () => {
    expect(evaluateAdmission(node, policy({ maxNodes: null }))).toEqual({ allowed: true, reason: "within_policy" });
  });
});

describe("evaluateAdmission: pod limits", () => {
  it("reads no usage when no pod limit is set", () => {
    expect(evaluateAdmission(subjectOf(review("pods", pod({}))), policy())).toEqual({ allowed: true, reason: "within_policy" });
  });

  it("denies the pod past max pods (finished pods are not in the count the reader gives)", () => {
    const s = subjectOf(review("pods", pod({})));
    const p = policy({ maxPods: 10 });
    expect(evaluateAdmission(s, p)).toEqual({ needsUsage: { nodes: false, pods: true } });
    expect(evaluateAdmission(s, p, usage(9))).toEqual({ allowed: true, reason: "within_policy" });
    expect(evaluateAdmission(s, p, usage(10))).toEqual({
      allowed: false,
      reason: "pod_limit",
      message: 'this cluster already runs 10 of the 10 pods allowed by plan "Starter"; delete pods you no longer need (finished pods do not count), or move to a plan with more pods.',
    });
  });

  it("denies a pod whose CPU requests would take the total past the budget, and allows one that reaches it exactly", () => {
    const p = policy({ podCpuRequests: "2" });
    const big = subjectOf(review("pods", pod({ containers: [container("a", { cpu: "500m" }), container("b", { cpu: "300m" })] })));
    expect(evaluateAdmission(big, p, usage(3, "1200m"))).toEqual({ allowed: true, reason: "within_policy" });
    expect(evaluateAdmission(big, p, usage(3, "1.5"))).toEqual({
      allowed: false,
      reason: "cpu_requests",
      message:
        'this pod requests 800m of CPU; with the 1500m the cluster\'s pods already request, the total would be 2300m, more than the 2 allowed by plan "Starter". Lower the pod\'s CPU request, delete pods you no longer need, or move to a larger plan.',
    });
  });

  it("denies on memory in binary units, 1Gi equal to 1073741824", () => {
    const p = policy({ podMemoryRequests: "1Gi" });
    const s = subjectOf(review("pods", pod({ containers: [container("a", { memory: "512Mi" })] })));
    expect(evaluateAdmission(s, p, usage(1, "0", "536870912"))).toEqual({ allowed: true, reason: "within_policy" });
    expect(evaluateAdmission(s, p, usage(1, "0", "600Mi"))).toMatchObject({
      allowed: false,
      reason: "memory_requests",
      message: expect.stringContaining("this pod requests 512Mi of memory; with the 600Mi the cluster's pods already request, the total would be 1.1Gi, more than the 1Gi allowed"),
    });
  });

  it("counts a container without requests as 0", () => {
    const s = subjectOf(review("pods", pod({ containers: [container("no-requests")] })));
    expect(evaluateAdmission(s, policy({ podCpuRequests: "1", podMemoryRequests: "1Gi" }), usage(0, "1", "1Gi"))).toEqual({ allowed: true, reason: "within_policy" });
  });
});

describe("podRequests (the scheduler's arithmetic)", () => {
  const spec = (s: Record<string, unknown>) => podSpecSchema.parse({ containers: [], ...s });
  const fmt = (r: ReturnType<typeof podRequests>) => [formatCpu(r.cpu), formatMemory(r.memory)];

  it("sums containers", () => {
    expect(fmt(podRequests(spec({ containers: [container("a", { cpu: "250m", memory: "64Mi" }), container("b", { cpu: "1", memory: "1Gi" })] })))).toEqual(["1250m", "1.1Gi"]);
  });

  it("takes the largest init container when it exceeds the containers' sum, per resource", () => {
    const r = podRequests(
      spec({
        containers: [container("a", { cpu: "100m", memory: "1Gi" })],
        initContainers: [container("migrate", { cpu: "2", memory: "128Mi" }), container("warm", { cpu: "500m", memory: "256Mi" })],
      }),
    );
    expect(fmt(r)).toEqual(["2", "1Gi"]);
  });

  it("keeps sidecars (restartPolicy: Always init containers) in the sum and under later init containers", () => {
    const r = podRequests(
      spec({
        containers: [container("app", { cpu: "200m" })],
        initContainers: [container("proxy", { cpu: "300m" }, { restartPolicy: "Always" }), container("setup", { cpu: "400m" })],
      }),
    );
    // Running: app 200m + proxy 300m = 500m; while setup runs: proxy 300m + setup 400m = 700m.
    expect(formatCpu(r.cpu)).toBe("700m");
  });

  it("adds the RuntimeClass overhead", () => {
    const r = podRequests(spec({ containers: [container("a", { cpu: "1", memory: "1Gi" })], overhead: { cpu: "250m", memory: "120Mi" } }));
    expect(fmt(r)).toEqual(["1250m", "1.2Gi"]);
  });

  it("is zero for a pod without requests", () => {
    expect(fmt(podRequests(spec({ containers: [container("a")] })))).toEqual(fmt(NO_REQUESTS));
    expect(fmt(NO_REQUESTS)).toEqual(["0", "0"]);
  });
});

describe("evaluateAdmission: pod security switches", () => {
  const all = policy({ denyHostNamespaces: true, denyPrivileged: true, denyHostPath: true, maxPods: 1 });

  it.each([
    ["hostNetwork", { hostNetwork: true }, "host_namespaces", 'plan "Starter" does not allow pods that share the node\'s namespaces (spec.hostNetwork is true)'],
    ["hostPID and hostIPC", { hostPID: true, hostIPC: true }, "host_namespaces", "(spec.hostPID, spec.hostIPC is true)"],
    ["a privileged container", { containers: [container("app", undefined, { securityContext: { privileged: true } })] }, "privileged", 'spec.containers "app" sets securityContext.privileged: true'],
    ["a privileged init container", { initContainers: [container("init", undefined, { securityContext: { privileged: true } })] }, "privileged", 'spec.initContainers "init"'],
    ["a privileged ephemeral container", { ephemeralContainers: [container("debug", undefined, { securityContext: { privileged: true } })] }, "privileged", 'spec.ephemeralContainers "debug"'],
    ["a hostPath volume", { volumes: [{ name: "cfg", configMap: { name: "c" } }, { name: "root", hostPath: { path: "/" } }] }, "host_path", 'plan "Starter" does not allow hostPath volumes (volume "root"); use an emptyDir or a PersistentVolumeClaim instead.'],
  ])("denies %s without reading usage", (_, spec, reason, text) => {
    const decision = evaluateAdmission(subjectOf(review("pods", pod(spec))), all);
    expect(decision).toMatchObject({ allowed: false, reason, message: expect.stringContaining(text) });
  });

  it("allows the same pods when the switches are off", () => {
    const s = subjectOf(review("pods", pod({ hostNetwork: true, volumes: [{ name: "root", hostPath: { path: "/" } }], containers: [container("app", undefined, { securityContext: { privileged: true } })] })));
    expect(evaluateAdmission(s, policy())).toEqual({ allowed: true, reason: "within_policy" });
  });

  it("allows privileged: false and host namespaces set to false", () => {
    const s = subjectOf(review("pods", pod({ hostNetwork: false, containers: [container("app", undefined, { securityContext: { privileged: false } })] })));
    expect(evaluateAdmission(s, all, usage(0))).toEqual({ allowed: true, reason: "within_policy" });
  });
});
