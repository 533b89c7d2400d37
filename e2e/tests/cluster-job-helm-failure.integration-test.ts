import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import { seedPlatformApiKeySecret } from "@e2e/env/host-platform";
import type { OperationStep, StepName } from "@/server/domain/clusters/operation-steps";
import type { ClusterJobStatus } from "@/server/domain/jobs/cluster-job";
import { createCluster } from "@/server/services/clusters/create-cluster";

/**
 * A helm failure with a real cause: a Service with the release's name already
 * sits in the namespace, not owned by helm, so `helm upgrade --install`
 * refuses to adopt it ("invalid ownership metadata"). The operation's
 * helm_install step records helm's own message, the job backs off and retries
 * by itself, and once the operator removes the object the retry converges.
 * A chart that does not exist is configuration: that job fails at its first attempt.
 * (A missing platform secret is covered in run-create-cluster-job.integration-test.ts.)
 */
let h: ClusterJobHarness;
const viewer = { id: "usr_helm", email: "helm@example.test", name: "Helm", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_h" } };
const NAMESPACE = "helm-clash";
const RELEASE = "clash";

beforeAll(async () => {
  h = await startClusterJobHarness({ label: "helm_failure" });
  await seedPlatformApiKeySecret(h.kube);
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
});

afterAll(() => h?.close());

const stepOf = (steps: unknown, name: StepName) => (steps as OperationStep[]).find((s) => s.name === name);

describe("cluster.create when helm fails", () => {
  it("records helm's error on helm_install, retries after backoff, and succeeds once the cause is removed", async () => {
    const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: NAMESPACE } } });
    await core.createNamespacedService({ namespace: NAMESPACE, body: { metadata: { name: RELEASE }, spec: { ports: [{ port: 443 }] } } });

    const created = await createCluster(h.deps, viewer, { name: "Clash", vclusterName: RELEASE, namespace: NAMESPACE, controlPlaneHost: "127.0.0.1" }, { ip: null, userAgent: null });
    const failedOp = await h.waitFor(
      "helm_install to fail",
      () => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } }),
      (op) => stepOf(op.steps, "helm_install")?.status === "failed",
    );
    const helmStep = stepOf(failedOp.steps, "helm_install")!;
    expect(helmStep.message).toMatch(
      new RegExp(`^Error: Unable to continue with install: Service "${RELEASE}" in namespace "${NAMESPACE}" exists and cannot be imported into the current release: invalid ownership metadata`),
    );
    expect(helmStep.message).toContain(`missing key "meta.helm.sh/release-name": must be set to "${RELEASE}"`);
    expect(stepOf(failedOp.steps, "wait_control_plane")?.status).toBe("pending");

    // Retries remain: the job is back to pending with a backoff, the operation and cluster carry the message.
    const job = await h.waitFor("the job to be rescheduled", () => h.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id } }), (j) => j.status !== "running");
    expect(job).toMatchObject({ status: "pending" satisfies ClusterJobStatus, attempts: 1 });
    expect(job.lastError).toContain("invalid ownership metadata");
    // First backoff: 5 s less up to 20 % jitter, counted from the failure.
    expect(job.runAfter.getTime()).toBeGreaterThan(Date.parse(helmStep.finished_at!) + 3_000);
    const op = await h.db.clusterOperation.findUniqueOrThrow({ where: { id: failedOp.id } });
    expect(op).toMatchObject({ status: "running", error: helmStep.message });
    expect(await h.db.cluster.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: "provisioning", lastError: helmStep.message });

    // The operator removes the stray object; vCluster comes up once helm installs it.
    await core.deleteNamespacedService({ name: RELEASE, namespace: NAMESPACE });
    await h.playVcluster(created.id);

    const ready = await h.waitFor("cluster to be ready", () => h.db.cluster.findUniqueOrThrow({ where: { id: created.id } }), (c) => c.status !== "provisioning");
    expect(ready).toMatchObject({ status: "ready", lastError: null, connectionStatus: "connected" });
    // The runner records the job's success just after the handler returns (after the cluster.ready notification), so wait for it.
    const retried = await h.waitFor("the retry to be recorded", () => h.db.clusterJob.findUniqueOrThrow({ where: { id: job.id } }), (j) => j.status !== "running");
    expect(retried).toMatchObject({ status: "succeeded" satisfies ClusterJobStatus, attempts: 2 });
    // The retry waited for its backoff (both times from the database clock).
    expect(retried.startedAt!.getTime()).toBeGreaterThanOrEqual(job.runAfter.getTime());
    const finalOp = await h.db.clusterOperation.findUniqueOrThrow({ where: { id: failedOp.id } });
    expect(finalOp).toMatchObject({ status: "succeeded", error: null });
    expect(stepOf(finalOp.steps, "helm_install")).toMatchObject({ status: "succeeded", message: null });

    // helm now owns the Service it created in place of the stray one.
    const service = await core.readNamespacedService({ name: RELEASE, namespace: NAMESPACE });
    expect(service.metadata?.labels?.["app.kubernetes.io/managed-by"]).toBe("Helm");
    expect(service.metadata?.annotations?.["meta.helm.sh/release-name"]).toBe(RELEASE);
  });
});

describe("cluster.create when helm cannot find the chart", () => {
  let bad: ClusterJobHarness;
  beforeAll(async () => {
    // An air-gapped chart path that does not exist: configuration, which no retry fixes.
    bad = await startClusterJobHarness({ label: "helm_no_chart", chart: "/nonexistent/charts/vcluster" });
    await seedPlatformApiKeySecret(bad.kube);
    await bad.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
  });
  afterAll(() => bad?.close());

  it("fails the job at its first attempt with helm's message", async () => {
    const created = await createCluster(bad.deps, viewer, { name: "No chart", controlPlaneHost: "127.0.0.1" }, { ip: null, userAgent: null });
    const job = await bad.waitFor("the job to end", () => bad.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id } }), (j) => j.finishedAt !== null);
    expect(job).toMatchObject({ status: "failed" satisfies ClusterJobStatus, attempts: 1, lastError: 'Error: path "/nonexistent/charts/vcluster" not found' });
    const op = await bad.db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } });
    expect(stepOf(op.steps, "helm_install")).toMatchObject({ status: "failed", message: 'Error: path "/nonexistent/charts/vcluster" not found' });
    expect(await bad.db.cluster.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: "error", lastError: 'Error: path "/nonexistent/charts/vcluster" not found' });
  });
});
