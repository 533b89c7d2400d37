import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import type { OperationStep } from "@/server/domain/clusters/operation-steps";
import { parseOrphanReport } from "@/server/domain/clusters/orphan-report";
import { CLUSTER_DELETE_JOB } from "@/server/domain/jobs/job-kind";
import { createCluster } from "./create-cluster";
import { deleteCluster } from "./delete-cluster";
import { forceDeleteCluster } from "./force-delete-cluster";
import { getDeletionPlan } from "./get-deletion-plan";
import { listClusterOperations } from "./list-cluster-operations";

/**
 * Guided deletion on real parts: a real kube-apiserver with kube-controller-manager (its namespace controller
 * writes the NamespaceFinalizersRemaining condition and its PV controller binds and releases volumes), the real
 * helm binary with the stand-in chart, the production delete job in the in-process executor.
 */
const origin = { ip: null, userAgent: null };
const HOLD = "kubebyon.test/hold";
let h: ClusterJobHarness;
const owner = { id: "usr_owner", email: "owner@example.test", name: "Owner", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_o" } };
const admin = { id: "usr_admin", email: "admin@example.test", name: "Admin", role: "admin" as const, auth: { method: "session" as const, sessionId: "ses_a" } };

const core = () => h.kube.kubeConfig().makeApiClient(CoreV1Api);
const readCluster = (id: string) => h.db.cluster.findUniqueOrThrow({ where: { id } });
const latestDelete = (id: string) => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: id, kind: "delete" }, orderBy: { createdAt: "desc" } });
const step = (steps: unknown, name: string) => (steps as OperationStep[]).find((s) => s.name === name);

async function namespaceGone(name: string): Promise<boolean> {
  try {
    await core().readNamespace({ name });
    return false;
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) return true;
    throw err;
  }
}

beforeAll(async () => {
  h = await startClusterJobHarness({ label: "guided_deletion_jobs", namespaceDeletionTimeoutMs: 8_000 });
  for (const u of [owner, admin]) await h.db.user.create({ data: { id: u.id, email: u.email, name: u.name, role: u.role } });
  await core().createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core().createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
}, 120_000);

afterAll(() => h?.close());

describe("guided deletion", () => {
  it("names the finalizer holding the namespace, then an admin's forced delete removes it; a retained volume is reported", async () => {
    const created = await createCluster(h.deps, owner, { name: "held", controlPlaneHost: "203.0.113.10" }, origin);
    await h.playVcluster(created.id);
    const ready = await h.waitFor("cluster to be ready", () => readCluster(created.id), (c) => c.status === "ready" || c.status === "error");
    expect(ready.status).toBe("ready");
    const ns = ready.namespace;

    // A claim of the control plane bound to a Retain volume (the PV controller binds the pre-bound pair).
    await core().createPersistentVolume({
      body: {
        metadata: { name: `pv-${ready.vclusterName}` },
        spec: {
          capacity: { storage: "1Gi" },
          accessModes: ["ReadWriteOnce"],
          persistentVolumeReclaimPolicy: "Retain",
          storageClassName: "manual",
          hostPath: { path: "/tmp/kubebyon-test-pv" },
          claimRef: { namespace: ns, name: "kept-held" },
        },
      },
    });
    await core().createNamespacedPersistentVolumeClaim({
      namespace: ns,
      body: { metadata: { name: "kept-held" }, spec: { accessModes: ["ReadWriteOnce"], storageClassName: "manual", volumeName: `pv-${ready.vclusterName}`, resources: { requests: { storage: "1Gi" } } } },
    });
    await core().createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: "held", finalizers: [HOLD] }, data: { a: "b" } } });

    const plan = await getDeletionPlan({ ...h.deps, cluster: h.runtime }, owner, created.id);
    expect(plan.host).toMatchObject({ namespace: ns, helm_release: ready.vclusterName, tls_route: null });
    // The chart's own claim (unbound here: no provisioner) and the one bound to the Retain volume.
    const bound = await h.waitFor("the PV controller to bind the claim", () => getDeletionPlan({ ...h.deps, cluster: h.runtime }, owner, created.id), (p) => p.host.volume_claims.items.some((c) => c.volume !== null));
    expect(bound.host.volume_claims.items).toContainEqual({ name: "kept-held", volume: expect.objectContaining({ name: `pv-${ready.vclusterName}`, reclaim_policy: "Retain" }) });

    await deleteCluster(h.deps, owner, created.id, origin);
    // The first attempt times out on the finalizer: the step says which one and what to do, and the report is written.
    const failed = await h.waitFor("the first delete attempt to fail", () => latestDelete(created.id), (op) => step(op.steps, "delete_namespace")?.status === "failed" && op.report !== null, 60_000);
    const stepMessage = step(failed.steps, "delete_namespace")?.message ?? "";
    expect(stepMessage).toContain(HOLD);
    expect(stepMessage).toContain("ConfigMap/held");
    expect(stepMessage).toContain("Force delete");
    const stuck = parseOrphanReport(failed.report);
    expect(stuck?.namespace).toMatchObject({ name: ns, present: true, phase: "Terminating" });
    // Claims still in use carry kubernetes.io/pvc-protection beside ours; the report names both.
    expect(stuck?.namespace.finalizers).toContainEqual({ finalizer: HOLD, count: 1 });
    expect(stuck?.namespace.holders).toContainEqual({ api_version: "v1", kind: "ConfigMap", name: "held", finalizers: [HOLD] });
    expect(stuck?.forced).toBeNull();
    expect((await readCluster(created.id)).status).toBe("deleting"); // more attempts follow

    // Only an admin may force it.
    await expect(forceDeleteCluster({ ...h.deps, cluster: h.runtime }, owner, { clusterId: created.id, reason: "stuck" }, origin)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await h.waitFor("the retry to wait for its backoff", () => h.db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id, kind: CLUSTER_DELETE_JOB } }), (j) => j.status === "pending");
    await forceDeleteCluster({ ...h.deps, cluster: h.runtime }, admin, { clusterId: created.id, reason: "controller for kubebyon.test/hold was uninstalled" }, origin);

    const deleted = await h.waitFor("the forced delete", () => readCluster(created.id), (c) => c.status === "deleted" || c.status === "error", 90_000);
    expect(deleted.status).toBe("deleted");
    expect(await namespaceGone(ns)).toBe(true);
    // mark_deleted turns the row deleted just before the report is written and the operation ends.
    const forcedOp = await h.waitFor("the forced operation to end", () => latestDelete(created.id), (op) => op.status !== "running" && op.status !== "pending");
    expect(forcedOp.status).toBe("succeeded");
    expect((forcedOp.steps as OperationStep[]).map((s) => `${s.name}:${s.status}`)).toEqual([
      "helm_uninstall:succeeded",
      "force_remove_finalizers:succeeded",
      "delete_namespace:succeeded",
      "mark_deleted:succeeded",
    ]);
    expect(step(forcedOp.steps, "force_remove_finalizers")?.message).toContain(`ConfigMap/held (${HOLD})`);
    const report = parseOrphanReport(forcedOp.report);
    expect(report?.namespace.present).toBe(false);
    expect(report?.forced?.reason).toBe("controller for kubebyon.test/hold was uninstalled");
    expect(report?.forced?.removed).toContainEqual({ api_version: "v1", kind: "ConfigMap", name: "held", finalizers: [HOLD] });
    // The Retain volume outlived its claim and the namespace.
    expect(report?.persistent_volumes).toEqual([expect.objectContaining({ name: `pv-${ready.vclusterName}`, claim: `${ns}/kept-held`, reclaim_policy: "Retain" })]);
    // The superseded attempt's operation ended; the audit names the finalizer.
    const jobs = () => h.db.clusterJob.findMany({ where: { clusterId: created.id, kind: CLUSTER_DELETE_JOB }, orderBy: { createdAt: "asc" } });
    // The runner records a job's success just after its handler returns.
    const statuses = await h.waitFor("both delete jobs to be recorded", jobs, (js) => js[1]?.status === "succeeded");
    expect(statuses.map((j) => [j.status, j.lastError])).toEqual([["failed", "superseded by an administrator's forced delete"], ["succeeded", null]]);
    const audit = await h.db.auditEvent.findFirstOrThrow({ where: { action: "cluster.force_delete", targetId: created.id } });
    expect(audit.actorUserId).toBe(admin.id);
    expect(audit.metadata).toMatchObject({ reason: "controller for kubebyon.test/hold was uninstalled" });
    expect((audit.metadata as { finalizers: string[] }).finalizers).toContain(HOLD);
    expect((audit.metadata as { objects: string[] }).objects).toContain("ConfigMap/held");
    // The operations API shows the report.
    const listed = await listClusterOperations(h.deps, owner, created.id, { limit: 1 });
    expect(listed.items[0]?.report?.forced?.removed.map((r) => r.name)).toContain("held");
  }, 240_000);
});
