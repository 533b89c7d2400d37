import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db, type Prisma } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { resumeWaitingManagedIngress, type ResumeManagedIngressDeps } from "./resume-waiting-managed-ingress";

/**
 * The node observer's trigger on real PostgreSQL: which clusters count as waiting, and that several
 * observers (each process has its own pool, so two clients here) asking at once start exactly one job.
 */
let database: TestDatabase;
const clients: Db[] = [];
const log = createLogger({ level: "error" });
const depsOf = (db: Db): ResumeManagedIngressDeps => ({ db, log, jobs: new PrismaJobStore(db), wakeups: new InProcessJobWakeups(log) });
const db = () => clients[0]!;

const WAITING = { status: "ready", managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "provisioning" } as const;

async function cluster(data: Prisma.ClusterUpdateInput, node: "ready" | "not_ready" | "deleted" | null = "ready"): Promise<string> {
  const { clusterId } = await insertTestCluster(db());
  await db().cluster.update({ where: { id: clusterId }, data });
  if (node) {
    await db().node.create({
      data: { id: newId("nd"), clusterId, name: "worker-1", status: node === "not_ready" ? "not_ready" : "ready", deletedAt: node === "deleted" ? new Date() : null },
    });
  }
  return clusterId;
}
const jobsOf = (clusterId: string) => db().clusterJob.findMany({ where: { clusterId } });

beforeAll(async () => {
  database = await createTestDatabase("resume_waiting_ingress");
  clients.push(createPrismaClient(database.url), createPrismaClient(database.url));
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
  await database?.drop();
});

describe("resumeWaitingManagedIngress", () => {
  it("enqueues the managed_ingress job and operation (started by the platform) once, however many observers ask at once", async () => {
    const id = await cluster(WAITING);
    const results = await Promise.all([0, 1, 0, 1, 0, 1].map((i) => resumeWaitingManagedIngress(depsOf(clients[i]!), id)));
    const started = results.filter((r): r is string => r !== null);
    expect(started).toHaveLength(1);
    const jobs = await jobsOf(id);
    expect(jobs).toMatchObject([{ id: started[0], kind: CLUSTER_MANAGED_INGRESS_JOB, status: "pending" }]);
    const op = await db().clusterOperation.findUniqueOrThrow({ where: { id: jobs[0]!.operationId! } });
    expect(op).toMatchObject({ kind: "managed_ingress", status: "pending", requestedById: null });
    expect((op.steps as Array<{ name: string }>).map((s) => s.name)).toEqual(["resolve_endpoint", "managed_ingress"]);

    // While that job is queued or running nothing more starts; once it ended and the ingress still waits, it may again.
    expect(await resumeWaitingManagedIngress(depsOf(db()), id)).toBeNull();
    await db().clusterJob.update({ where: { id: started[0] }, data: { status: "running" } });
    expect(await resumeWaitingManagedIngress(depsOf(db()), id)).toBeNull();
    await db().clusterJob.update({ where: { id: started[0] }, data: { status: "succeeded" } });
    expect(await resumeWaitingManagedIngress(depsOf(db()), id)).not.toBeNull();
  });

  it("starts nothing unless the cluster is ready with the ingress enabled and provisioning and a live Ready node", async () => {
    const cases: Array<[string, Prisma.ClusterUpdateInput, "ready" | "not_ready" | "deleted" | null]> = [
      ["no node", WAITING, null],
      ["node not Ready", WAITING, "not_ready"],
      ["Ready node deleted", WAITING, "deleted"],
      ["cluster updating", { ...WAITING, status: "updating" }, "ready"],
      ["cluster deleting", { ...WAITING, status: "deleting" }, "ready"],
      ["ingress ready", { ...WAITING, managedWorkloadIngressStatus: "ready" }, "ready"],
      ["ingress error", { ...WAITING, managedWorkloadIngressStatus: "error" }, "ready"],
      ["flag off", { ...WAITING, managedWorkloadIngressEnabled: false }, "ready"],
    ];
    for (const [what, data, node] of cases) {
      const id = await cluster(data, node);
      expect(await resumeWaitingManagedIngress(depsOf(db()), id), what).toBeNull();
      expect(await jobsOf(id), what).toEqual([]);
    }
    expect(await resumeWaitingManagedIngress(depsOf(db()), "cl_doesnotexist")).toBeNull();
  });
});
