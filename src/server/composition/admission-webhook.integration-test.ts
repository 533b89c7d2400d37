import { request } from "node:https";
import { connect } from "node:tls";
import { X509Certificate } from "node:crypto";
import { AdmissionregistrationV1Api, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "@e2e/env/grant-plan";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { freePort } from "@e2e/env/kube/free-port";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { createLogger } from "@/server/observability/logger";
import { createMetrics, type Metrics } from "@/server/observability/metrics";
import { resolveAdmissionEndpoint, type AdmissionEndpoint } from "@/server/services/admission/admission-endpoint";
import { startAdmissionWebhookServer, buildAdmissionEndpointDeps, type AdmissionWebhookServer } from "./admission-webhook";

/**
 * The admission webhook's HTTPS listener against real PostgreSQL and a real vCluster apiserver (the stand-in behind
 * its production route): the test POSTs AdmissionReviews the way a vCluster's apiserver would, trusting only the
 * caBundle resolveAdmissionEndpoint hands to the configuration writer, and creates real Nodes and Pods in the vCluster
 * so the usage the policy counts is real.
 */
const AUTH_SECRET = "admission-test-secret-0123456789abcdef";
let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let ready: ReadyCluster;
let vcCore: CoreV1Api;
let metrics: Metrics;
let server: AdmissionWebhookServer;
let endpoint: AdmissionEndpoint;
let baseUrl: string;
let ownerId: string;
const logs: Array<{ msg: string }> = [];

interface Answer {
  status: number;
  json: { response?: { uid: string; allowed: boolean; status?: { code: number; reason: string; message: string } }; message?: string } | null;
}

/** A POST like the apiserver's: TLS verified against the caBundle only (no system roots), JSON in and out. */
function post(url: string, body: unknown, opts: { method?: string; contentType?: string; ca?: string } = {}): Promise<Answer> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: opts.method ?? "POST", ca: opts.ca ?? endpoint.caBundlePem, headers: { "content-type": opts.contentType ?? "application/json", "content-length": Buffer.byteLength(text) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, json: raw ? (JSON.parse(raw) as Answer["json"]) : null });
        });
      },
    );
    req.on("error", reject);
    req.end(opts.method === "GET" ? undefined : text);
  });
}

let uidSeq = 0;
function review(resource: "nodes" | "pods", object: unknown, extra: Record<string, unknown> = {}) {
  uidSeq += 1;
  return {
    apiVersion: "admission.k8s.io/v1",
    kind: "AdmissionReview",
    request: {
      uid: `uid-${uidSeq}`,
      kind: { group: "", version: "v1", kind: resource === "nodes" ? "Node" : "Pod" },
      resource: { group: "", version: "v1", resource },
      operation: "CREATE",
      namespace: resource === "pods" ? "default" : undefined,
      name: (object as { metadata?: { name?: string } }).metadata?.name,
      object,
      userInfo: { username: "alice" },
      ...extra,
    },
  };
}

const podObject = (name: string, cpu: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: "default" },
  spec: { containers: [{ name: "app", image: "registry.invalid/app:1", resources: { requests: { cpu, memory: "64Mi" } }, ...extra }] },
});

const counter = async (labels: Record<string, string>) => {
  const values = (await metrics.admission.requests.get()).values;
  return values.filter((v) => Object.entries(labels).every(([k, want]) => v.labels[k as keyof typeof v.labels] === want)).reduce((n, v) => n + v.value, 0);
};

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("admission_webhook");
  db = createPrismaClient(database.url);
  ({ userId: ownerId } = await insertTestCluster(db));
  await db.plan.create({
    data: {
      id: "pln_admission",
      code: "admission",
      name: "Admission plan",
      clusterQuota: 2,
      nodeQuota: 2,
      admissionMaxPods: 5,
      admissionPodCpuRequests: "1",
      admissionDenyPrivileged: true,
    },
  });
  await grantPlan(db, ownerId, "pln_admission");
  ready = await provisionReadyCluster({ kube, db, ownerId, name: "admitted" });
  vcCore = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
  // No kube-controller-manager here, so no token controller creates the default ServiceAccount the pods run as.
  await vcCore.createNamespacedServiceAccount({ namespace: "default", body: { metadata: { name: "default" } } }).catch(() => undefined);

  metrics = createMetrics();
  const port = await freePort();
  baseUrl = `https://127.0.0.1:${port}`;
  server = await startAdmissionWebhookServer({
    config: { listen: { address: "127.0.0.1", port }, url: baseUrl, timeoutSeconds: 5 },
    authSecret: AUTH_SECRET,
    db,
    log: createLogger({ level: "info", write: (line) => logs.push(JSON.parse(line) as { msg: string }) }),
    resolver: new VclusterKubeconfigResolver({ kubeConfig: kube.kubeConfig(), route: "cluster-ip" }),
    metrics: metrics.admission,
  });
  endpoint = await resolveAdmissionEndpoint(buildAdmissionEndpointDeps({ db, authSecret: AUTH_SECRET, webhookUrl: baseUrl }), ready.clusterId);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await kube?.stop();
});

describe("admission webhook over HTTPS", () => {
  it("hands out per-cluster URLs under the configured base and a bundle with the one CA that signed the listener's certificate", () => {
    expect(endpoint.nodesUrl).toMatch(new RegExp(`^${baseUrl}/admission/v1/clusters/${ready.clusterId}/[A-Za-z0-9_-]{43}/nodes$`));
    expect(endpoint.podsUrl).toBe(endpoint.nodesUrl.replace(/nodes$/, "pods"));
    expect(endpoint.caBundlePem.match(/BEGIN CERTIFICATE/g)).toHaveLength(1);
    const serving = new X509Certificate(server.certificate().certificatePem);
    expect(serving.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(serving.verify(new X509Certificate(endpoint.caBundlePem).publicKey)).toBe(true);
    expect(logs.some((l) => l.msg === "admission webhook listening")).toBe(true);
  });

  it("allows a Node under the plan's limit and denies the one past it, naming the plan", async () => {
    const allowed = await post(endpoint.nodesUrl, review("nodes", { metadata: { name: "worker-1" } }));
    expect(allowed).toEqual({ status: 200, json: { apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: `uid-${uidSeq}`, allowed: true } } });

    await registerNode(vcCore, "worker-1");
    await registerNode(vcCore, "worker-2");
    const denied = await post(endpoint.nodesUrl, review("nodes", { metadata: { name: "worker-3" } }));
    expect(denied.status).toBe(200);
    expect(denied.json?.response).toEqual({
      uid: `uid-${uidSeq}`,
      allowed: false,
      status: {
        code: 403,
        reason: "Forbidden",
        message:
          'this cluster already has 2 of the 2 nodes allowed by plan "Admission plan"; delete a node you no longer need (kubectl delete node <name>) or move to a plan with more nodes before joining another machine.',
      },
    });
  });

  it("denies a pod whose CPU request would take the cluster past the plan's budget, counting the pods really there", async () => {
    for (const name of ["web-a", "web-b"]) await vcCore.createNamespacedPod({ namespace: "default", body: podObject(name, "400m") });
    // A finished pod holds no requests.
    await vcCore.createNamespacedPod({ namespace: "default", body: podObject("done", "900m") });
    const done = await vcCore.readNamespacedPod({ name: "done", namespace: "default" });
    await vcCore.replaceNamespacedPodStatus({ name: "done", namespace: "default", body: { ...done, status: { ...done.status, phase: "Succeeded" } } });

    const fits = await post(endpoint.podsUrl, review("pods", podObject("web-c", "200m")));
    expect(fits.json?.response?.allowed).toBe(true);
    const over = await post(endpoint.podsUrl, review("pods", podObject("web-d", "300m")));
    expect(over.json?.response).toMatchObject({
      allowed: false,
      status: {
        code: 403,
        message:
          'this pod requests 300m of CPU; with the 800m the cluster\'s pods already request, the total would be 1100m, more than the 1 allowed by plan "Admission plan". Lower the pod\'s CPU request, delete pods you no longer need, or move to a larger plan.',
      },
    });
  });

  it("denies a privileged pod and records two quick denials on the activity stream once", async () => {
    const privileged = () => post(endpoint.podsUrl, review("pods", podObject("root", "10m", { securityContext: { privileged: true } })));
    const first = await privileged();
    const second = await privileged();
    for (const answer of [first, second]) {
      expect(answer.json?.response).toMatchObject({ allowed: false, status: { message: expect.stringContaining('plan "Admission plan" does not allow privileged containers') } });
    }
    const rows = await db.auditEvent.findMany({ where: { action: "admission.denied", targetId: ready.clusterId } });
    const privilegedRows = rows.filter((r) => (r.metadata as { reason?: string }).reason === "privileged");
    expect(privilegedRows).toHaveLength(1);
    expect(privilegedRows[0]).toMatchObject({
      actorUserId: ownerId,
      targetType: "cluster",
      result: "failure",
      metadata: { resource: "pods", reason: "privileged", namespace: "default", name: "root", kube_user: "alice", suppressed_since_last: 0 },
    });
    expect(JSON.stringify(rows)).not.toContain(AUTH_SECRET);
  });

  it("records nothing for a dry run it denies", async () => {
    const before = await db.auditEvent.count({ where: { action: "admission.denied" } });
    const answer = await post(endpoint.podsUrl, review("pods", podObject("dry", "10m", { securityContext: { privileged: true } }), { dryRun: true }));
    expect(answer.json?.response?.allowed).toBe(false);
    expect(await db.auditEvent.count({ where: { action: "admission.denied" } })).toBe(before);
  });

  it("answers a wrong token or an unknown cluster 404 without detail, and refuses what is not a JSON POST", async () => {
    const wrongToken = endpoint.podsUrl.replace(/\/[A-Za-z0-9_-]{43}\/pods$/, `/${"A".repeat(43)}/pods`);
    expect(await post(wrongToken, review("pods", podObject("x", "10m")))).toEqual({ status: 404, json: null });
    const otherCluster = endpoint.podsUrl.replace(ready.clusterId, "cl_doesnotexist");
    expect(await post(otherCluster, review("pods", podObject("x", "10m")))).toEqual({ status: 404, json: null });
    const unknownButSigned = (await resolveAdmissionEndpoint(buildAdmissionEndpointDeps({ db, authSecret: AUTH_SECRET, webhookUrl: baseUrl }), "cl_unknown")).podsUrl;
    expect(await post(unknownButSigned, review("pods", podObject("x", "10m")))).toEqual({ status: 404, json: null });
    expect((await post(`${baseUrl}/metrics`, {})).status).toBe(404);
    expect((await post(endpoint.podsUrl, "", { method: "GET" })).status).toBe(405);
    expect((await post(endpoint.podsUrl, "a=b", { contentType: "application/x-www-form-urlencoded" })).status).toBe(415);
    const malformed = await post(endpoint.podsUrl, { apiVersion: "admission.k8s.io/v1beta1", kind: "AdmissionReview", request: {} });
    expect(malformed.status).toBe(400);
    expect(malformed.json?.message).toMatch(/^not an admission.k8s.io\/v1 AdmissionReview: apiVersion/);
    expect((await post(endpoint.podsUrl, "{not json")).status).toBe(400);
    expect((await post(endpoint.podsUrl, `"${"x".repeat(5 * 1024 * 1024)}"`)).status).toBe(413);
    const withCharset = await post(endpoint.podsUrl, review("pods", podObject("small", "10m")), { contentType: "application/json; charset=utf-8" });
    expect(withCharset.json?.response?.allowed).toBe(true);
  });

  it("refuses a client that trusts another CA (the listener's certificate chains only to the platform CA)", async () => {
    await expect(post(endpoint.podsUrl, review("pods", podObject("x", "10m")), { ca: ready.vc.tls.caPem })).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
  });

  it("counts every decision by resource, decision and reason, with latencies", async () => {
    expect(await counter({ resource: "nodes", decision: "denied", reason: "node_limit" })).toBe(1);
    expect(await counter({ resource: "nodes", decision: "allowed", reason: "within_policy" })).toBe(1);
    expect(await counter({ resource: "pods", decision: "denied", reason: "cpu_requests" })).toBe(1);
    expect(await counter({ resource: "pods", decision: "denied", reason: "privileged" })).toBe(3);
    expect(await counter({ resource: "pods", decision: "error", reason: "not_found" })).toBe(3);
    expect(await counter({ resource: "pods", decision: "error", reason: "malformed" })).toBe(2);
    const text = await metrics.registry.metrics();
    expect(text).toContain('kubebyon_admission_requests_total{resource="pods",decision="denied",reason="privileged"} 3');
    expect(text).toMatch(/kubebyon_admission_request_duration_seconds_count\{resource="nodes",decision="denied"\} 1/);
  });

  it("swaps in a re-issued serving certificate on the running listener once two thirds of its life passed", async () => {
    // Starts 21 days back and moves to now, so both certificates are valid for the real TLS handshakes.
    const days21 = 21 * 24 * 60 * 60 * 1000;
    let clock = new Date(Date.now() - days21);
    const port = await freePort();
    const url = `https://127.0.0.1:${port}`;
    const second = await startAdmissionWebhookServer({
      config: { listen: { address: "127.0.0.1", port }, url, timeoutSeconds: 5 },
      authSecret: AUTH_SECRET,
      db,
      log: createLogger({ level: "info", write: (line) => logs.push(JSON.parse(line) as { msg: string }) }),
      resolver: new VclusterKubeconfigResolver({ kubeConfig: kube.kubeConfig(), route: "cluster-ip" }),
      metrics: createMetrics().admission,
      now: () => clock,
      renewalCheckMs: 100,
    });
    const servedSerial = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port, ca: endpoint.caBundlePem }, () => {
          resolve(socket.getPeerX509Certificate()?.serialNumber ?? "");
          socket.end();
        });
        socket.on("error", reject);
      });
    try {
      const first = second.certificate();
      expect(await servedSerial()).toBe(new X509Certificate(first.certificatePem).serialNumber);
      clock = new Date(clock.getTime() + days21);
      await expect.poll(() => second.certificate().certificatePem, { timeout: 10_000 }).not.toBe(first.certificatePem);
      const renewed = new X509Certificate(second.certificate().certificatePem);
      expect(await servedSerial()).toBe(renewed.serialNumber);
      expect(renewed.checkIP("127.0.0.1")).toBe("127.0.0.1");
      expect(logs.some((l) => l.msg === "admission webhook serving certificate renewed")).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

describe("a real apiserver calling the webhook", () => {
  // Written by hand here; the platform's configuration writer (issue 14, the job-processing side) writes the real one.
  const CONFIG = "kubebyon-admission-handler-test";

  it("denies a privileged pod and a Node past the limit with the platform's message, and lets an allowed pod through", async () => {
    const registration = ready.vc.kubeConfig().makeApiClient(AdmissionregistrationV1Api);
    await vcCore.createNamespace({ body: { metadata: { name: "hooked", labels: { "kubebyon-test/hooked": "true" } } } });
    await vcCore.createNamespacedServiceAccount({ namespace: "hooked", body: { metadata: { name: "default" } } });
    const caBundle = Buffer.from(endpoint.caBundlePem).toString("base64");
    const rule = (resource: string) => [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: [resource], scope: "*" }];
    await registration.createValidatingWebhookConfiguration({
      body: {
        metadata: { name: CONFIG },
        webhooks: [
          {
            name: "pods.admission.kubebyon.test",
            clientConfig: { url: endpoint.podsUrl, caBundle },
            rules: rule("pods"),
            namespaceSelector: { matchLabels: { "kubebyon-test/hooked": "true" } },
            failurePolicy: "Fail",
            sideEffects: "NoneOnDryRun",
            admissionReviewVersions: ["v1"],
            timeoutSeconds: 5,
          },
          {
            name: "nodes.admission.kubebyon.test",
            clientConfig: { url: endpoint.nodesUrl, caBundle },
            rules: rule("nodes"),
            failurePolicy: "Fail",
            sideEffects: "NoneOnDryRun",
            admissionReviewVersions: ["v1"],
            timeoutSeconds: 5,
          },
        ],
      },
    });
    const refusal = (promise: Promise<unknown>) => promise.then(() => "created", (err: { code?: number; body?: string }) => `${err.code}: ${String(err.body)}`);
    try {
      // The apiserver picks up a new configuration within a moment; poll until the webhook is in force.
      await expect
        .poll(() => refusal(vcCore.createNamespacedPod({ namespace: "hooked", body: { ...podObject("priv", "10m", { securityContext: { privileged: true } }), metadata: { name: "priv" } } })), { timeout: 15_000, interval: 300 })
        .toMatch(/^403: .*admission webhook \\?"pods.admission.kubebyon.test\\?" denied the request: plan \\?"Admission plan\\?" does not allow privileged containers/);
      expect(await refusal(registerNode(vcCore, "worker-9"))).toMatch(/^403: .*denied the request: this cluster already has 2 of the 2 nodes allowed by plan/);
      expect(await refusal(vcCore.createNamespacedPod({ namespace: "hooked", body: { ...podObject("ok", "10m"), metadata: { name: "ok" } } }))).toBe("created");
    } finally {
      await registration.deleteValidatingWebhookConfiguration({ name: CONFIG });
    }
  });
});
