import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { newId } from "@/server/domain/ids";
import type { JoinSessionStatus } from "@/server/domain/join-sessions/join-session-status";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { appendJoinSessionEvent } from "./append-join-session-event";
import { recordNodeRegistration, type NodeRegistration } from "./record-node-registration";

let database: TestDatabase;
let db: Db;
let clusterId: string;
const TOKEN = "abc123";
const at = new Date("2026-12-05T10:00:00Z");

async function insertToken(tokenId = TOKEN): Promise<string> {
  const id = newId("tok");
  await db.joinToken.create({ data: { id, clusterId, tokenId, secretHash: "x".repeat(64), expiresAt: new Date("2026-12-06T00:00:00Z") } });
  return id;
}

async function insertSession(opts: { status: JoinSessionStatus; nodeName?: string; tokenId?: string; createdAt: Date }): Promise<string> {
  const id = newId("js");
  await db.joinSession.create({ data: { id, clusterId, tokenId: opts.tokenId ?? TOKEN, status: opts.status, nodeName: opts.nodeName ?? null, createdAt: opts.createdAt, lastEventAt: opts.createdAt } });
  await db.$transaction((tx) => appendJoinSessionEvent(tx, id, { kind: "session_opened", outcome: "info" }, opts.createdAt));
  return id;
}

const registration = (nodeName: string, csrName: string): NodeRegistration => ({ clusterId, tokenId: TOKEN, nodeName, csrName, observedAt: at });
const minutesBefore = (m: number) => new Date(at.getTime() - m * 60_000);

async function timeline(sessionId: string): Promise<string[]> {
  const events = await db.joinSessionEvent.findMany({ where: { sessionId }, orderBy: { sequence: "asc" } });
  return events.map((e) => `${e.sequence}:${e.kind}:${e.outcome}${e.check ? `:${e.check}` : ""}`);
}

beforeAll(async () => {
  database = await createTestDatabase("record-node-registration");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

beforeEach(async () => {
  ({ clusterId } = await insertTestCluster(db));
});

describe("recordNodeRegistration", () => {
  it("ties the token to the node and finishes the waiting session; a replayed CSR changes nothing", async () => {
    const joinTokenId = await insertToken();
    const session = await insertSession({ status: "waiting_for_node", nodeName: "worker-1", createdAt: minutesBefore(2) });

    expect(await recordNodeRegistration({ db }, registration("worker-1", "csr-1"))).toEqual({ recorded: true, sessionId: session, skew: null });
    const rows = await db.joinTokenNode.findMany({ where: { clusterId } });
    expect(rows).toEqual([expect.objectContaining({ id: expect.stringMatching(/^jtn_/), tokenId: TOKEN, joinTokenId, sessionId: session, nodeName: "worker-1", csrName: "csr-1", observedAt: at })]);
    expect(await db.joinSession.findUniqueOrThrow({ where: { id: session } })).toMatchObject({ status: "joined", registeredNode: "worker-1", finishedAt: at, lastEventAt: at });
    expect(await timeline(session)).toEqual(["1:session_opened:info", "2:node_registered:pass"]);

    // A re-list after a watch break, or another observation of the cluster, sees the same CSR again.
    expect(await recordNodeRegistration({ db }, { ...registration("worker-1", "csr-1"), observedAt: new Date(at.getTime() + 60_000) })).toEqual({ recorded: false });
    expect(await db.joinTokenNode.count({ where: { clusterId } })).toBe(1);
    expect(await timeline(session)).toEqual(["1:session_opened:info", "2:node_registered:pass"]);
  });

  it("prefers the session that reported this node, else the newest waiting one; finished sessions and other tokens are left alone", async () => {
    await insertToken();
    const other = await insertToken("zzz999");
    const named = await insertSession({ status: "joining", nodeName: "Worker-2", createdAt: minutesBefore(5) });
    const newest = await insertSession({ status: "waiting_for_node", nodeName: "worker-3", createdAt: minutesBefore(1) });
    const finished = await insertSession({ status: "join_failed", nodeName: "worker-4", createdAt: minutesBefore(1) });
    const otherToken = await insertSession({ status: "waiting_for_node", nodeName: "worker-4", tokenId: "zzz999", createdAt: minutesBefore(3) });

    expect(await recordNodeRegistration({ db }, registration("worker-2", "csr-2"))).toMatchObject({ sessionId: named });
    expect(await recordNodeRegistration({ db }, registration("worker-4", "csr-4"))).toMatchObject({ sessionId: newest });
    // Nothing waits for this token any more: the provenance row alone.
    expect(await recordNodeRegistration({ db }, registration("worker-5", "csr-5"))).toEqual({ recorded: true, sessionId: null, skew: null });

    const statuses = await db.joinSession.findMany({ where: { id: { in: [finished, otherToken] } }, select: { status: true, registeredNode: true } });
    expect(statuses).toEqual(expect.arrayContaining([{ status: "join_failed", registeredNode: null }, { status: "waiting_for_node", registeredNode: null }]));
    const rows = await db.joinTokenNode.findMany({ where: { clusterId }, orderBy: { csrName: "asc" } });
    expect(rows.map((r) => [r.csrName, r.nodeName, r.sessionId])).toEqual([["csr-2", "worker-2", named], ["csr-4", "worker-4", newest], ["csr-5", "worker-5", null]]);
    expect(rows.every((r) => r.joinTokenId !== other)).toBe(true);
  });

  it("records a token the platform has no row for (issued by hand, or already cleaned up) without a link", async () => {
    expect(await recordNodeRegistration({ db }, registration("worker-6", "csr-6"))).toEqual({ recorded: true, sessionId: null, skew: null });
    expect(await db.joinTokenNode.findFirstOrThrow({ where: { clusterId } })).toMatchObject({ tokenId: TOKEN, joinTokenId: null, nodeName: "worker-6" });
  });

  it("warns on the session when the node's kubelet is known to be outside the supported skew", async () => {
    await insertToken();
    await db.cluster.update({ where: { id: clusterId }, data: { controlPlaneVersion: "v1.37.2" } });
    const nodeRow = (name: string, kubeletVersion: string) => ({ id: newId("nd"), clusterId, name, status: "ready" as const, kubeletVersion });
    await db.node.createMany({ data: [nodeRow("old-node", "v1.33.4"), nodeRow("fine-node", "v1.34.0")] });
    const old = await insertSession({ status: "waiting_for_node", nodeName: "old-node", createdAt: minutesBefore(2) });
    const fine = await insertSession({ status: "waiting_for_node", nodeName: "fine-node", createdAt: minutesBefore(2) });

    const outcome = await recordNodeRegistration({ db }, registration("old-node", "csr-old"));
    expect(outcome).toMatchObject({ sessionId: old, skew: { direction: "too_old", supported: "v1.34–v1.37" } });
    expect(await timeline(old)).toEqual(["1:session_opened:info", "2:node_registered:pass", "3:check:warn:kubelet_version_skew"]);
    const warning = await db.joinSessionEvent.findFirstOrThrow({ where: { sessionId: old, sequence: 3 } });
    expect(warning.detail).toMatch(/Kubelet v1\.33 is outside the supported skew of control plane v1\.37 \(supported: v1\.34–v1\.37\); upgrade the node's kubelet/);
    // A warning, not a failure: the node did join.
    expect(await db.joinSession.findUniqueOrThrow({ where: { id: old } })).toMatchObject({ status: "joined", failureReason: null });

    expect(await recordNodeRegistration({ db }, registration("fine-node", "csr-fine"))).toMatchObject({ sessionId: fine, skew: null });
    expect(await timeline(fine)).toEqual(["1:session_opened:info", "2:node_registered:pass"]);
  });
});
