import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { parseConfig } from "@/server/config/env";
import { newId } from "@/server/domain/ids";
import { createLogger } from "@/server/observability/logger";
import { startJobProcessing, type JobProcessing } from "./job-processing";
import { buildRuntime, type Runtime } from "./runtime";

// The join-token cleanup loop as a job-processing process runs it, on real PostgreSQL: it is among the loops a
// process starts and passes at start. The clusters have no vCluster behind them (what a pass does inside one is
// e2e/tests/join-token-lifecycle.integration-test.ts): a deleted cluster's tokens are only marked, a ready cluster
// that cannot be reached keeps its token for the next pass. The interval is an hour, so only the start brings a pass.
let database: TestDatabase;
let runtime: Runtime;
let processing: JobProcessing | undefined;

beforeAll(async () => {
  database = await createTestDatabase("join_token_cleanup_loop");
  runtime = buildRuntime(parseConfig({ DATABASE_URL: database.url, KUBEBYON_JOB_POLL_INTERVAL_MS: "200", KUBEBYON_JOIN_TOKEN_CLEANUP_INTERVAL_SECONDS: "3600" }), {
    process: "kubebyon-worker",
    log: createLogger({ level: "error" }),
  });
}, 120_000);

afterAll(async () => {
  await processing?.stop();
  await runtime?.close();
  await database?.drop();
});

describe("join token cleanup loop", () => {
  it("refuses a cleanup interval or retention that is not a whole number in range, naming the variable", () => {
    expect(() => parseConfig({ KUBEBYON_JOIN_TOKEN_CLEANUP_INTERVAL_SECONDS: "5" })).toThrow(/KUBEBYON_JOIN_TOKEN_CLEANUP_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_JOIN_TOKEN_RETENTION_DAYS: "0" })).toThrow(/KUBEBYON_JOIN_TOKEN_RETENTION_DAYS/);
    expect(parseConfig({}).joinTokenCleanup).toEqual({ intervalSeconds: 300, retentionDays: 30 });
  });

  it("passes when the process starts: a deleted cluster's expired token is marked cleaned, an unreachable cluster's is kept", async () => {
    const db = runtime.deps.db;
    const ownerId = newId("usr");
    await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "cleanup loop" } });
    const token = async (clusterId: string, tokenId: string) => {
      const id = newId("tok");
      await db.joinToken.create({ data: { id, clusterId, tokenId, secretHash: "00", expiresAt: new Date(Date.now() - 60_000) } });
      return id;
    };
    const deletedCluster = newId("cl");
    await db.cluster.create({ data: { id: deletedCluster, ownerId, name: "old", vclusterName: "old", namespace: "old-ns", status: "deleted" } });
    const readyCluster = newId("cl");
    await db.cluster.create({ data: { id: readyCluster, ownerId, name: "nowhere", vclusterName: "nowhere", namespace: "nowhere-ns", status: "ready" } });
    const onDeleted = await token(deletedCluster, "abc123");
    const onReady = await token(readyCluster, "def456");

    processing = await startJobProcessing(runtime, "join-token-cleanup-worker");
    await waitFor("the first pass to mark the deleted cluster's token", () => db.joinToken.findUniqueOrThrow({ where: { id: onDeleted } }), (r) => r.cleanedAt !== null, 20_000);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "join_token.cleanup", targetId: deletedCluster } });
    expect(audit).toMatchObject({ actorUserId: null, metadata: { token_id: "abc123", reason: "expired", cluster_deleted: true } });
    expect((await db.joinToken.findUniqueOrThrow({ where: { id: onReady } })).cleanedAt).toBeNull();
  });
});
