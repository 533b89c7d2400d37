import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { newId } from "@/server/domain/ids";
import { cleanUpJoinTokens, JOIN_TOKEN_CLEANUP_BATCH, type JoinTokenCleanupDeps } from "@/server/services/join-tokens/clean-up-join-tokens";

/**
 * Issue 15 part 2 on real parts: tokens are real bootstrap tokens in stand-in vCluster apiservers, the REST API is
 * the real route handler over a real database, and the cleanup pass deletes Secrets in the vCluster's kube-system
 * (read back directly). Sessions and token→node rows are inserted the way the join wrapper and the CSR watcher
 * write them (those parts are tested with their own code).
 */
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let gone: ReadyCluster;
let goneStopped = false;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
const BASE_URL = "https://console.example.test";

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("join_token_lifecycle", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  ready = await provisionReadyCluster({ kube, db: api.runtime.deps.db, ownerId: alice.id, name: "alpha" });
  gone = await provisionReadyCluster({ kube, db: api.runtime.deps.db, ownerId: alice.id, name: "beta" });
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: BASE_URL } });
}, 300_000);

afterAll(async () => {
  if (!goneStopped) await gone?.close();
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

type TokenView = {
  id: string;
  token_id: string;
  state: string;
  max_uses: number | null;
  remaining_uses: number | null;
  purpose: string;
  cleaned_at: string | null;
  sessions_count: number;
  nodes_count: number;
};
type Created = { join_token: TokenView; token: string };

const db = () => api.runtime.deps.db;
const secretOf = (cluster: ReadyCluster, tokenId: string) =>
  cluster.vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `bootstrap-token-${tokenId}`, namespace: "kube-system" });

async function createToken(cluster: ReadyCluster, body: Record<string, unknown> = {}): Promise<Created> {
  const res = await api.rest("POST", `/clusters/${cluster.clusterId}/join-token`, { cookie: alice.cookie, body: { ttl_seconds: 3600, ...body } });
  const json = (await res.json()) as Created;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** A session as the join wrapper opens it (helper A's code writes these). */
async function insertSession(cluster: ReadyCluster, token: TokenView, data: { status: "open" | "joining" | "joined"; nodeName: string; clientIp: string }) {
  const id = newId("js");
  await db().joinSession.create({
    data: { id, clusterId: cluster.clusterId, joinTokenId: token.id, tokenId: token.token_id, status: data.status, nodeName: data.nodeName, clientIp: data.clientIp, finishedAt: data.status === "joined" ? new Date() : null },
  });
  return id;
}

function cleanupDeps(over: Partial<JoinTokenCleanupDeps> = {}): JoinTokenCleanupDeps {
  const runtime = api.runtime;
  return {
    db: runtime.deps.db,
    log: runtime.log,
    now: runtime.deps.now,
    resolver: runtime.clusterRuntime.resolver,
    issuer: runtime.deps.join.issuer,
    retentionDays: runtime.config.joinTokenCleanup.retentionDays,
    ...over,
  };
}

describe("max uses", () => {
  it("stores max_uses and reports the remaining uses; absent means unlimited", async () => {
    const limited = await createToken(ready, { max_uses: 3 });
    expect(limited.join_token).toMatchObject({ max_uses: 3, remaining_uses: 3, purpose: "join", state: "active", cleaned_at: null, sessions_count: 0, nodes_count: 0 });
    expect((await db().joinToken.findUniqueOrThrow({ where: { id: limited.join_token.id } })).maxUses).toBe(3);

    const unlimited = await createToken(ready);
    expect(unlimited.join_token).toMatchObject({ max_uses: null, remaining_uses: null, state: "active" });
    expect((await createToken(ready, { max_uses: null })).join_token.max_uses).toBeNull();
  });

  it("refuses 0, 1001 and fractions with a message that says what to send, and issues nothing", async () => {
    const before = await db().joinToken.count();
    for (const max_uses of [0, 1001, 2.5, -3]) {
      const res = await api.rest("POST", `/clusters/${ready.clusterId}/join-token`, { cookie: alice.cookie, body: { ttl_seconds: 3600, max_uses } });
      expect(res.status, String(max_uses)).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/max_uses must be a whole number between 1 and 1000/);
    }
    expect(await db().joinToken.count()).toBe(before);
  });

  it("shows a token whose uses reached the limit as used_up", async () => {
    const created = await createToken(ready, { max_uses: 2 });
    // The join-script fetch counts uses (helper A's conditional increment); here the count is set as it leaves it.
    await db().joinToken.update({ where: { id: created.join_token.id }, data: { usedCount: 2 } });
    const list = (await (await api.rest("GET", `/clusters/${ready.clusterId}/join-tokens`, { cookie: alice.cookie })).json()) as { items: TokenView[] };
    expect(list.items.find((t) => t.id === created.join_token.id)).toMatchObject({ state: "used_up", remaining_uses: 0, max_uses: 2 });
  });
});

describe("provenance and revocation", () => {
  let created: Created;
  let openSession: string;
  let joinedSession: string;

  beforeAll(async () => {
    created = await createToken(ready, { max_uses: 5 });
    joinedSession = await insertSession(ready, created.join_token, { status: "joined", nodeName: "worker-1", clientIp: "203.0.113.7" });
    openSession = await insertSession(ready, created.join_token, { status: "joining", nodeName: "worker-2", clientIp: "203.0.113.8" });
    // What the CSR watcher writes when worker-1's kubelet bootstraps as system:bootstrap:<token id>.
    await db().joinTokenNode.create({
      data: { id: newId("jtn"), clusterId: ready.clusterId, tokenId: created.join_token.token_id, joinTokenId: created.join_token.id, sessionId: joinedSession, nodeName: "worker-1", csrName: "csr-abc12", observedAt: new Date() },
    });
  });

  it("lists the sessions that used a token and the nodes that joined with it", async () => {
    const res = await api.rest("GET", `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}`, { cookie: alice.cookie });
    const detail = (await res.json()) as TokenView & { sessions: Array<Record<string, unknown>>; nodes: Array<Record<string, unknown>> };
    expect(res.status, JSON.stringify(detail)).toBe(200);
    expect(detail).toMatchObject({ token_id: created.join_token.token_id, sessions_count: 2, nodes_count: 1 });
    expect(detail.sessions.map((s) => s.id).sort()).toEqual([joinedSession, openSession].sort());
    expect(detail.sessions.find((s) => s.id === joinedSession)).toMatchObject({ status: "joined", node_name: "worker-1", client_ip: "203.0.113.7", failure_reason: null });
    expect(detail.nodes).toEqual([{ node_name: "worker-1", observed_at: expect.any(String), session_id: joinedSession }]);
    expect(JSON.stringify(detail)).not.toContain(created.token.split(".")[1]);
  });

  it("previews a revocation: the joined node keeps working, the open session will fail; nothing changes", async () => {
    const res = await api.rest("GET", `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}/revocation-preview`, { cookie: alice.cookie });
    const preview = (await res.json()) as { join_token: TokenView; joined_nodes: Array<{ node_name: string }>; open_sessions: Array<{ id: string; node_name: string }> };
    expect(res.status, JSON.stringify(preview)).toBe(200);
    expect(preview.join_token.state).toBe("active");
    expect(preview.joined_nodes.map((n) => n.node_name)).toEqual(["worker-1"]);
    expect(preview.open_sessions.map((s) => [s.id, s.node_name])).toEqual([[openSession, "worker-2"]]);
    await expect(secretOf(ready, created.join_token.token_id)).resolves.toBeDefined();
  });

  it("hides another user's tokens with NOT_FOUND", async () => {
    for (const p of [`/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}`, `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}/revocation-preview`]) {
      expect((await api.rest("GET", p, { cookie: bob.cookie })).status, p).toBe(404);
    }
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/join-tokens/zzzzzz`, { cookie: alice.cookie })).status).toBe(404);
  });

  it("revokes: the Secret goes, the open session ends as refused/token_revoked with an event, the joined one is untouched", async () => {
    const res = await api.rest("DELETE", `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: "revoked" });
    await expect(secretOf(ready, created.join_token.token_id)).rejects.toMatchObject({ code: 404 });

    const open = await db().joinSession.findUniqueOrThrow({ where: { id: openSession }, include: { events: true } });
    expect(open).toMatchObject({ status: "refused", failureReason: "token_revoked" });
    expect(open.finishedAt).not.toBeNull();
    expect(open.failureMessage).toMatch(/revoked/);
    expect(open.events.map((e) => [e.kind, e.outcome])).toEqual([["failed", "fail"]]);
    const joined = await db().joinSession.findUniqueOrThrow({ where: { id: joinedSession }, include: { events: true } });
    expect(joined.status).toBe("joined");
    expect(joined.events).toEqual([]);

    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "join_token.revoke", targetId: ready.clusterId }, orderBy: { createdAt: "desc" } });
    expect(audit.metadata).toEqual({ token_id: created.join_token.token_id, ended_session_ids: [openSession] });
    // Revoking again changes nothing and ends nothing twice.
    expect((await api.rest("DELETE", `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}`, { cookie: alice.cookie })).status).toBe(200);
    expect(await db().joinSessionEvent.count({ where: { sessionId: openSession } })).toBe(1);
  });
});

describe("cleanup pass", () => {
  it("deletes the Secrets of expired, used-up and revoked tokens, marks and audits them, and leaves active ones", async () => {
    const expired = await createToken(ready);
    const usedUp = await createToken(ready, { max_uses: 1 });
    const active = await createToken(ready, { max_uses: 4 });
    // No tokencleaner runs here, so the expired token's Secret stays in the vCluster until the platform removes it.
    await db().joinToken.update({ where: { id: expired.join_token.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await db().joinToken.update({ where: { id: usedUp.join_token.id }, data: { usedCount: 1 } });
    await db().joinToken.update({ where: { id: active.join_token.id }, data: { usedCount: 3 } });
    for (const t of [expired, usedUp, active]) await expect(secretOf(ready, t.join_token.token_id)).resolves.toBeDefined();

    const result = await cleanUpJoinTokens(cleanupDeps());

    for (const t of [expired, usedUp]) await expect(secretOf(ready, t.join_token.token_id)).rejects.toMatchObject({ code: 404 });
    await expect(secretOf(ready, active.join_token.token_id)).resolves.toBeDefined();
    const rows = await db().joinToken.findMany({ where: { id: { in: [expired.join_token.id, usedUp.join_token.id, active.join_token.id] } } });
    expect(Object.fromEntries(rows.map((r) => [r.tokenId, r.cleanedAt !== null]))).toEqual({
      [expired.join_token.token_id]: true,
      [usedUp.join_token.token_id]: true,
      [active.join_token.token_id]: false,
    });
    const reasons = Object.fromEntries(result.cleaned.map((c) => [c.tokenId, c.reason]));
    expect(reasons[expired.join_token.token_id]).toBe("expired");
    expect(reasons[usedUp.join_token.token_id]).toBe("used_up");
    // The token revoked above (its Secret already gone) is cleaned too: revoking in the cluster is idempotent.
    expect(Object.values(reasons)).toContain("revoked");

    const audits = await db().auditEvent.findMany({ where: { action: "join_token.cleanup" } });
    const forExpired = audits.filter((a) => (a.metadata as { token_id?: string }).token_id === expired.join_token.token_id);
    expect(forExpired).toHaveLength(1);
    expect(forExpired[0]).toMatchObject({ actorUserId: null, targetType: "cluster", targetId: ready.clusterId, metadata: { token_id: expired.join_token.token_id, reason: "expired" } });
    for (const t of [expired, usedUp, active]) expect(JSON.stringify(audits)).not.toContain(t.token.split(".")[1]);

    // A second pass finds nothing more to do and audits nothing twice.
    const again = await cleanUpJoinTokens(cleanupDeps());
    expect(again.cleaned.filter((c) => c.clusterId === ready.clusterId)).toEqual([]);
    expect(await db().auditEvent.count({ where: { action: "join_token.cleanup" } })).toBe(audits.length);
  });

  it("skips a cluster that cannot be reached, once for all its tokens, without failing the pass", async () => {
    const stale = [await createToken(gone), await createToken(gone)];
    await db().joinToken.updateMany({ where: { id: { in: stale.map((t) => t.join_token.id) } }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const other = await createToken(ready);
    await db().joinToken.update({ where: { id: other.join_token.id }, data: { revokedAt: new Date() } });
    // The control plane stops answering; its row still says ready.
    await gone.close();
    goneStopped = true;

    const result = await cleanUpJoinTokens(cleanupDeps());
    expect(result.skipped.map((s) => s.clusterId)).toEqual([gone.clusterId]);
    expect(result.skipped[0]?.error).toBeTruthy();
    expect(await db().joinToken.count({ where: { id: { in: stale.map((t) => t.join_token.id) }, cleanedAt: null } })).toBe(2);
    // The reachable cluster's token is cleaned in the same pass.
    expect(result.cleaned.map((c) => c.tokenId)).toContain(other.join_token.token_id);
    await expect(secretOf(ready, other.join_token.token_id)).rejects.toMatchObject({ code: 404 });

    // A deleted cluster's vCluster is gone with its Secrets: its tokens are only marked.
    await db().cluster.update({ where: { id: gone.clusterId }, data: { status: "deleted" } });
    const afterDelete = await cleanUpJoinTokens(cleanupDeps());
    expect(afterDelete.skipped).toEqual([]);
    expect(afterDelete.cleaned.filter((c) => c.clusterId === gone.clusterId).map((c) => c.tokenId).sort()).toEqual(stale.map((t) => t.join_token.token_id).sort());
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "join_token.cleanup", targetId: gone.clusterId } });
    expect(audit.metadata).toMatchObject({ reason: "expired", cluster_deleted: true });
  });

  it("works through a backlog in batches of 100 per pass", async () => {
    const clusterId = newId("cl");
    await db().cluster.create({ data: { id: clusterId, ownerId: alice.id, name: "old", vclusterName: "old", namespace: "old-ns", status: "deleted" } });
    const past = new Date(Date.now() - 3600_000);
    await db().joinToken.createMany({
      data: Array.from({ length: JOIN_TOKEN_CLEANUP_BATCH + 5 }, (_, i) => ({ id: newId("tok"), clusterId, tokenId: `bk${String(i).padStart(4, "0")}`, secretHash: "00", expiresAt: past })),
    });
    const first = await cleanUpJoinTokens(cleanupDeps());
    expect(first.cleaned).toHaveLength(JOIN_TOKEN_CLEANUP_BATCH);
    const second = await cleanUpJoinTokens(cleanupDeps());
    expect(second.cleaned).toHaveLength(5);
    expect(await db().joinToken.count({ where: { clusterId, cleanedAt: null } })).toBe(0);
  });

  it("deletes rows cleaned longer ago than the retention; sessions and node records keep the token id, the audit trail stays", async () => {
    const token = await createToken(ready);
    const session = await insertSession(ready, token.join_token, { status: "joined", nodeName: "worker-9", clientIp: "203.0.113.9" });
    await db().joinTokenNode.create({
      data: { id: newId("jtn"), clusterId: ready.clusterId, tokenId: token.join_token.token_id, joinTokenId: token.join_token.id, sessionId: session, nodeName: "worker-9", csrName: "csr-old99", observedAt: new Date() },
    });
    const recent = await createToken(ready);
    const retentionDays = api.runtime.config.joinTokenCleanup.retentionDays;
    const day = 24 * 3600_000;
    await db().joinToken.update({ where: { id: token.join_token.id }, data: { revokedAt: new Date(), cleanedAt: new Date(Date.now() - (retentionDays + 1) * day) } });
    await db().joinToken.update({ where: { id: recent.join_token.id }, data: { revokedAt: new Date(), cleanedAt: new Date(Date.now() - (retentionDays - 1) * day) } });
    const auditsBefore = await db().auditEvent.count({ where: { metadata: { path: ["token_id"], equals: token.join_token.token_id } } });
    expect(auditsBefore).toBeGreaterThan(0);

    const result = await cleanUpJoinTokens(cleanupDeps());
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await db().joinToken.findUnique({ where: { id: token.join_token.id } })).toBeNull();
    expect(await db().joinToken.findUnique({ where: { id: recent.join_token.id } })).not.toBeNull();
    expect(await db().joinSession.findUniqueOrThrow({ where: { id: session } })).toMatchObject({ joinTokenId: null, tokenId: token.join_token.token_id });
    expect(await db().joinTokenNode.findFirstOrThrow({ where: { csrName: "csr-old99" } })).toMatchObject({ joinTokenId: null, tokenId: token.join_token.token_id });
    expect(await db().auditEvent.count({ where: { metadata: { path: ["token_id"], equals: token.join_token.token_id } } })).toBe(auditsBefore);
  });
});
