import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { initialSteps, storedOperationSteps } from "@/server/domain/clusters/operation-steps";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db, type Prisma } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { OperationRecorder, StepSkipped } from "./operation-recorder";

let database: TestDatabase;
let db: Db;
const deps = () => ({ db, now: () => new Date("2026-01-01T00:00:00.000Z") });

beforeAll(async () => {
  database = await createTestDatabase("operation_recorder");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

async function operationWithSteps(steps: Prisma.InputJsonValue, kind = "create"): Promise<string> {
  const { clusterId } = await insertTestCluster(db);
  const id = newId("op");
  await db.clusterOperation.create({ data: { id, clusterId, kind, steps } });
  return id;
}

describe("OperationRecorder", () => {
  it("starts the stored timeline again from pending and records each step through the schema", async () => {
    const id = await operationWithSteps(storedOperationSteps(initialSteps("create").map((s) => ({ ...s, status: "failed", message: "earlier attempt" }))));
    const recorder = await OperationRecorder.start(deps(), id);
    await recorder.skip("copy_platform_secret", "no platform secret");

    const op = await db.clusterOperation.findUniqueOrThrow({ where: { id } });
    expect(op.status).toBe("running");
    expect(op.steps).toEqual(
      initialSteps("create").map((s) =>
        s.name === "copy_platform_secret"
          ? { ...s, status: "skipped", started_at: "2026-01-01T00:00:00.000Z", finished_at: "2026-01-01T00:00:00.000Z", message: "no platform secret" }
          : s,
      ),
    );
  });

  it("records a step whose work throws StepSkipped as skipped with its message (not failed), and rethrows it", async () => {
    const id = await operationWithSteps(storedOperationSteps(initialSteps("managed_ingress")), "managed_ingress");
    const recorder = await OperationRecorder.start(deps(), id);
    await expect(recorder.step("managed_ingress", () => Promise.reject(new StepSkipped("Waiting for a Ready node")))).rejects.toBeInstanceOf(StepSkipped);
    await expect(recorder.step("resolve_endpoint", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const op = await db.clusterOperation.findUniqueOrThrow({ where: { id } });
    expect((op.steps as Array<{ name: string; status: string; message: string | null }>).map((s) => `${s.name}:${s.status}:${s.message}`)).toEqual([
      "resolve_endpoint:failed:boom",
      "managed_ingress:skipped:Waiting for a Ready node",
    ]);
  });

  it("gives an operation queued before its kind gained a step today's list, so the job can record that step", async () => {
    // An update queued by a release whose update had no ensure_namespace step.
    const before = initialSteps("update").filter((s) => s.name !== "ensure_namespace");
    const id = await operationWithSteps(storedOperationSteps(before), "update");
    const recorder = await OperationRecorder.start(deps(), id);
    await recorder.skip("ensure_namespace", "recorded");
    const op = await db.clusterOperation.findUniqueOrThrow({ where: { id } });
    expect((op.steps as Array<{ name: string; status: string }>).map((s) => `${s.name}:${s.status}`)).toEqual([
      "ensure_namespace:skipped",
      "apply_quota:pending",
      "helm_upgrade:pending",
      "wait_control_plane:pending",
      "verify_serving_certificate:pending",
      "resolve_endpoint:pending",
      "probe_connection:pending",
      "managed_ingress:pending",
    ]);
  });

  it("refuses to run an operation whose stored steps cannot be read, saying which and why", async () => {
    const id = await operationWithSteps({ steps: "lost" });
    await expect(OperationRecorder.start(deps(), id)).rejects.toThrow(new RegExp(`cluster operation ${id} has unreadable steps: .*expected array`));
    expect((await db.clusterOperation.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });
});
