import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { KubeNode } from "@/server/domain/nodes/kube-node";
import { toNodeView } from "@/server/domain/nodes/node-view";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { recordNodeSnapshot } from "@/server/services/nodes/record-node-snapshot";
import { evaluateNodeAlerts } from "./evaluate-node-alerts";
import { getNodeHealth } from "./get-node-health";

/** The node page's health read on a real database: events written by the observer's recorder, alerts by the evaluator. */
let database: TestDatabase;
let db: Db;
let clock = new Date("2026-06-01T10:00:00Z");
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const viewer = (id: string): Viewer => ({ id, email: `${id}@example.test`, name: id, role: "user", auth: { method: "session", sessionId: "s" } });
const view = (name: string, ready: "True" | "False" | "Unknown") => toNodeView({ metadata: { name }, status: { conditions: [{ type: "Ready", status: ready }] } } satisfies KubeNode, clock);

beforeAll(async () => {
  database = await createTestDatabase("node_health_view");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe("getNodeHealth", () => {
  it("adds up time per state with the current one running to now, lists open alerts, and hides other users' clusters", async () => {
    const { userId, clusterId } = await insertTestCluster(db);
    await db.cluster.update({ where: { id: clusterId }, data: { status: "ready" } });
    const deps = { db, now: () => clock };
    const started = clock;
    await recordNodeSnapshot(deps, clusterId, [view("w1", "True")]);
    advance(100);
    await recordNodeSnapshot(deps, clusterId, [view("w1", "False")]);
    advance(50);
    await recordNodeSnapshot(deps, clusterId, [view("w1", "Unknown")]);
    advance(400);
    await evaluateNodeAlerts({ db, now: () => clock, log: createLogger({ level: "error" }), settings: { unhealthyMs: 300_000, recoveryMs: 60_000, cooldownMs: 0 } });

    const health = await getNodeHealth(deps, viewer(userId), { clusterId, nodeName: "w1" });
    expect(health.timeInState).toEqual({
      ready_seconds: 100,
      not_ready_seconds: 50,
      offline_seconds: 400,
      current_state: "offline",
      current_since: new Date(started.getTime() + 150_000).toISOString(),
      tracked_since: started.toISOString(),
    });
    expect(health.truncated).toBe(false);
    expect(health.openAlerts).toEqual([expect.objectContaining({ kind: "unhealthy", openedAt: new Date(started.getTime() + 100_000), notifiedAt: clock })]);

    expect((await getNodeHealth(deps, viewer(userId), { clusterId, nodeName: "never-seen" })).timeInState.current_state).toBeNull();
    await expect(getNodeHealth(deps, viewer("usr_someone_else"), { clusterId, nodeName: "w1" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
