import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import { CREATE_CONVERGED_WITHOUT_PLAN, stepOutcomes, storedSteps } from "@e2e/env/operation-step-outcomes";
import { readVclusterConfig } from "@e2e/env/vcluster-config";
import { createCluster } from "./create-cluster";

/**
 * The create chain of spec §5.2 end to end on real parts: the use case writes
 * the rows, the in-process executor leases the job, the handler provisions
 * with the real helm binary against a real kube-apiserver (the stand-in chart
 * uses the vcluster chart's value paths), the test environment plays the
 * vCluster (an apiserver exporting Secret vc-<name>), and the cluster turns
 * ready only after a real /version probe.
 */
let h: ClusterJobHarness;
const viewer = { id: "usr_creator", email: "creator@example.test", name: "Creator", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_x" } };

beforeAll(async () => {
  h = await startClusterJobHarness({ label: "create_cluster_job", baseValues: { controlPlane: { proxy: { extraSANs: ["198.51.100.1"] } } } });
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
});

afterAll(() => h?.close());

describe("cluster.create job", () => {
  it("fails at the first attempt with the fix while the platform secret is missing (configuration, not retried)", async () => {
    const created = await createCluster(h.deps, viewer, { name: "Demo", controlPlaneHost: "203.0.113.10" }, { ip: null, userAgent: null });
    const job = await h.waitFor("the job to end", () => h.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id } }), (j) => j.finishedAt !== null);
    // Before the classification this job went back to `pending` with a backoff and was retried until max_attempts.
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.lastError).toMatch(/the vCluster Platform API key Secret "vcluster-platform-api-key" was not found in namespace "kubebyon-system": create it there/);
    const op = await h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } });
    expect(op.status).toBe("failed");
    expect(storedSteps(op.steps).find((s) => s.name === "copy_platform_secret")).toMatchObject({ status: "failed", message: expect.stringMatching(/vcluster-platform-api-key/) });
    const afterFailure = await h.db.cluster.findUniqueOrThrow({ where: { id: created.id } });
    expect(afterFailure.status).toBe("error");
    expect(afterFailure.lastError).toMatch(/vcluster-platform-api-key/);
    expect(afterFailure.lastError).toMatch(/kubebyon-system/);
  });

  it("converges once the operator has created the platform secret", async () => {
    const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
    await core.createNamespacedSecret({
      namespace: "kubebyon-system",
      body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { host: "https://loft.example", accessKey: "k", insecure: "true" } },
    });
    const created = await createCluster(h.deps, viewer, { name: "Demo again", controlPlaneHost: "203.0.113.10" }, { ip: null, userAgent: null });
    await h.playVcluster(created.id);

    const ready = await h.waitFor("cluster to be ready", () => h.db.cluster.findUniqueOrThrow({ where: { id: created.id } }), (c) => c.status === "ready");
    const service = await core.readNamespacedService({ name: ready.vclusterName, namespace: ready.namespace });
    const nodePort = service.spec?.ports?.[0]?.nodePort;
    expect(service.spec?.type).toBe("NodePort");
    expect(ready).toMatchObject({
      lastError: null,
      connectionStatus: "connected",
      kubeconfigAvailable: true,
      publicAccessPort: nodePort,
      apiEndpoint: `https://203.0.113.10:${nodePort}`,
    });

    const op = await h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } });
    expect(op.status).toBe("succeeded");
    expect(op.error).toBeNull();
    const steps = storedSteps(op.steps);
    expect(stepOutcomes(steps)).toEqual(CREATE_CONVERGED_WITHOUT_PLAN);
    for (const s of steps) expect(Date.parse(s.finished_at!)).toBeGreaterThanOrEqual(Date.parse(s.started_at!));
    // The runner records the job's success just after the handler returns, so wait for it too.
    const job = await h.waitFor("job to be recorded", () => h.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id } }), (j) => j.status !== "running");
    expect(job).toMatchObject({ status: "succeeded", attempts: 1 });

    const ns = await core.readNamespace({ name: ready.namespace });
    expect(ns.metadata?.labels).toMatchObject({ "kubebyon.io/cluster-id": created.id, "kubebyon.io/owner-id": viewer.id, "app.kubernetes.io/managed-by": "kubebyon" });
    const copied = await core.readNamespacedSecret({ name: "vcluster-platform-api-key", namespace: ready.namespace });
    expect(Buffer.from(copied.data?.accessKey ?? "", "base64").toString()).toBe("k");
    const config = await readVclusterConfig(core, ready.namespace, ready.vclusterName);
    expect(config.privateNodes.enabled).toBe(true);
    expect(config.controlPlane.proxy.extraSANs).toEqual(["198.51.100.1", "203.0.113.10"]);
  });

  it("installs a LoadBalancer control plane with control_plane_host in the certificate SANs when asked", async () => {
    const created = await createCluster(
      h.deps,
      viewer,
      { name: "edge", publicAccessMode: "loadbalancer", controlPlaneHost: "k8s.example.com" },
      { ip: null, userAgent: null },
    );
    await h.playVcluster(created.id);
    const done = await h.waitFor("resolve_endpoint to run", () => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } }), (op) =>
      storedSteps(op.steps).some((s) => s.name === "resolve_endpoint" && s.status !== "pending" && s.status !== "running"),
    );
    const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
    const row = await h.db.cluster.findUniqueOrThrow({ where: { id: created.id } });
    const service = await core.readNamespacedService({ name: row.vclusterName, namespace: row.namespace });
    expect(service.spec?.type).toBe("LoadBalancer");
    expect((await readVclusterConfig(core, row.namespace, row.vclusterName)).controlPlane.proxy.extraSANs).toContain("k8s.example.com");
    expect(storedSteps(done.steps).find((s) => s.name === "helm_install")?.status).toBe("succeeded");
    // With control_plane_host set, the endpoint is that host on 443, whether or not the LB has an address yet.
    expect(row.apiEndpoint).toBe("https://k8s.example.com:443");
  });

  it("stops without reviving the cluster when it is deleted while the job runs, and cancels a queued job's operation", async () => {
    const created = await createCluster(h.deps, viewer, { name: "short lived", controlPlaneHost: "203.0.113.10" }, { ip: null, userAgent: null });
    await h.waitFor("the job to wait for the control plane", () => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } }), (op) =>
      storedSteps(op.steps).some((s) => s.name === "wait_control_plane" && s.status === "running"),
    );
    // What DELETE writes; the delete job itself is not needed to show the create job's side.
    await h.db.cluster.update({ where: { id: created.id }, data: { status: "deleting" } });
    await h.playVcluster(created.id);

    const job = await h.waitFor("the create job to end", () => h.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id } }), (j) => j.finishedAt !== null);
    expect(job.status).toBe("failed");
    expect(job.lastError).toMatch(/being deleted/);
    const op = await h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } });
    expect(op).toMatchObject({ status: "failed", error: "Cancelled: the cluster is being deleted." });
    const row = await h.db.cluster.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ status: "deleting", apiEndpoint: null, kubeconfigAvailable: false });

    // A second create job still queued when the delete came: its operation ends at once, untouched steps and all.
    const queuedOp = await h.db.clusterOperation.create({
      data: { id: `op_queued_${Date.now()}`, clusterId: created.id, kind: "create", status: "pending", steps: [] },
    });
    const queued = await h.deps.jobs.enqueue({ clusterId: created.id, operationId: queuedOp.id, kind: "cluster.create", payload: {} });
    await h.deps.wakeups.publish(queued.id);
    const ended = await h.waitFor("the queued job to end", () => h.db.clusterOperation.findUniqueOrThrow({ where: { id: queuedOp.id } }), (o) => o.status !== "pending");
    expect(ended).toMatchObject({ status: "failed", error: "Cancelled: the cluster is being deleted." });
  });
});
