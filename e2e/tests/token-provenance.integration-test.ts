import "reflect-metadata";
import { randomBytes } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { CertificatesV1Api, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { nodeObserverTestDeps } from "@e2e/env/node-observer-deps";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { newId } from "@/server/domain/ids";
import { formatToken, generateBootstrapToken, hashTokenSecret, type BootstrapToken } from "@/server/domain/join-tokens/bootstrap-token";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { KubeBootstrapCsrWatcher } from "@/server/infra/kube/bootstrap-csr-watcher";
import { BootstrapTokenIssuer } from "@/server/infra/kube/bootstrap-token-issuer";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import { kubeStatusOf, toBase64 } from "@/server/infra/kube/kube-calls";
import { vclusterCredentials } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import type { BootstrapCsrWatchEvent } from "@/server/services/nodes/ports";
import { startNodeObserverRescans } from "@e2e/env/background-task";

/**
 * Token provenance against the stand-in vCluster (a real kube-apiserver with kubeadm's bootstrap RBAC): a
 * token issued by the platform's TokenIssuer, a kubelet-style bootstrap CSR made with that token's identity,
 * the watcher and the node observer that runs it, and what lands in join_token_nodes and join_sessions.
 */
x509.cryptoProvider.set(globalThis.crypto);

let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let ready: ReadyCluster;
let admin: ClusterCredentials;
const observers: NodeObserver[] = [];
const issuer = new BootstrapTokenIssuer({ timeoutMs: 5_000 });

/** A PKCS#10 request as a kubelet makes it for its client certificate. */
async function kubeletRequest(nodeName: string): Promise<string> {
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await globalThis.crypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  const request = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=system:node:${nodeName}, O=system:nodes`, keys, signingAlgorithm: algorithm });
  return request.toString("pem");
}

/** Creates the CSR a kubelet's TLS bootstrap makes, as whoever `kubeConfig` authenticates. Returns its name. */
async function createKubeletCsr(kubeConfig: KubeConfig, nodeName: string): Promise<string> {
  const name = `node-csr-${randomBytes(6).toString("hex")}`;
  await kubeConfig.makeApiClient(CertificatesV1Api).createCertificateSigningRequest({
    body: {
      metadata: { name },
      spec: { request: toBase64(await kubeletRequest(nodeName)), signerName: "kubernetes.io/kube-apiserver-client-kubelet", usages: ["digital signature", "client auth"] },
    },
  });
  return name;
}

/** A platform-issued token, and a client that authenticates with it (once the apiserver's informer has the Secret). */
async function issueToken(): Promise<{ token: BootstrapToken; asToken: KubeConfig; joinTokenId: string }> {
  const token = generateBootstrapToken();
  const expiresAt = new Date(Date.now() + 3600_000);
  await issuer.create({ credentials: admin, token, expiresAt, description: "provenance test" });
  const joinTokenId = newId("tok");
  await db.joinToken.create({ data: { id: joinTokenId, clusterId: ready.clusterId, tokenId: token.id, secretHash: hashTokenSecret(token), expiresAt } });
  return { token, asToken: kubeConfigFromCredentials({ server: ready.vc.server, caPem: admin.caPem, token: formatToken(token) }), joinTokenId };
}

/** createKubeletCsr with the token, retried while the token is not yet known to the apiserver (401). */
async function createCsrWithToken(asToken: KubeConfig, nodeName: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await createKubeletCsr(asToken, nodeName);
    } catch (err) {
      if (kubeStatusOf(err) !== 401 || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function startObserver(name: string): NodeObserver {
  const log = createLogger({ level: "warn", base: { observer: name }, write: () => undefined });
  const observer = new NodeObserver(
    nodeObserverTestDeps({ db, databaseUrl: database.url, kube, log, applicationName: `provenance-test ${name}` }),
    { settleMs: 200 },
  );
  observers.push(observer);
  startNodeObserverRescans(observer, 300);
  return observer;
}

const provenance = () => db.joinTokenNode.findMany({ where: { clusterId: ready.clusterId }, orderBy: { observedAt: "asc" } });

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("token_provenance");
  db = createPrismaClient(database.url);
  const { userId } = await insertTestCluster(db);
  ready = await provisionReadyCluster({ kube, db, ownerId: userId, name: "provenance" });
  admin = await vclusterCredentials(kube, ready.vc);
});

afterAll(async () => {
  await Promise.all(observers.map((o) => o.stop()));
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await kube?.stop();
});

describe("token provenance", () => {
  it("the watcher yields the kubelet CSR made with the token's identity, with the node name, and not an admin's", async () => {
    const { token, asToken } = await issueToken();
    const adminCsr = await createKubeletCsr(ready.vc.kubeConfig(), "made-by-admin");
    const tokenCsr = await createCsrWithToken(asToken, "worker-watched");

    const abort = new AbortController();
    const seen: BootstrapCsrWatchEvent[] = [];
    const consuming = (async () => {
      for await (const event of new KubeBootstrapCsrWatcher().watch(admin, abort.signal)) seen.push(event);
    })();
    try {
      await expect.poll(() => seen, { timeout: 10_000 }).toContainEqual({ type: "csr", csr: { name: tokenCsr, tokenId: token.id, nodeName: "worker-watched" } });
      // Events arrive in order: once a CSR made after the admin's is through, the admin's was skipped.
      const later = await createCsrWithToken(asToken, "worker-later");
      await expect.poll(() => seen.map((e) => (e.type === "csr" ? e.csr.name : e.type)), { timeout: 10_000 }).toContain(later);
      expect(seen.map((e) => (e.type === "csr" ? e.csr.name : e.type))).not.toContain(adminCsr);
      expect(seen.filter((e) => e.type === "error")).toEqual([]);
    } finally {
      abort.abort();
      await consuming;
    }
  });

  it("the node observer ties the token to the node, the waiting session becomes joined, and a re-list adds nothing", async () => {
    const { token, asToken, joinTokenId } = await issueToken();
    const sessionId = newId("js");
    await db.joinSession.create({ data: { id: sessionId, clusterId: ready.clusterId, joinTokenId, tokenId: token.id, status: "waiting_for_node", nodeName: "worker-a" } });

    const first = startObserver("first");
    await expect.poll(() => first.observedClusterIds(), { timeout: 15_000 }).toEqual([ready.clusterId]);
    const csrName = await createCsrWithToken(asToken, "worker-a");
    await createKubeletCsr(ready.vc.kubeConfig(), "admin-node");

    await expect.poll(async () => (await provenance()).find((r) => r.csrName === csrName), { timeout: 15_000 }).toMatchObject({
      tokenId: token.id,
      joinTokenId,
      sessionId,
      nodeName: "worker-a",
    });
    const session = await db.joinSession.findUniqueOrThrow({ where: { id: sessionId }, include: { events: { orderBy: { sequence: "asc" } } } });
    expect(session).toMatchObject({ status: "joined", registeredNode: "worker-a", finishedAt: expect.any(Date) });
    expect(session.events.map((e) => `${e.kind}:${e.outcome}`)).toEqual(["node_registered:pass"]);

    // A new observation starts with a full replay of the cluster's CSRs (as after a history gap).
    await first.stop();
    const second = startObserver("second");
    await expect.poll(() => second.observedClusterIds(), { timeout: 15_000 }).toEqual([ready.clusterId]);
    const sentinel = await createCsrWithToken(asToken, "worker-b");
    await expect.poll(async () => (await provenance()).map((r) => r.csrName), { timeout: 15_000 }).toContain(sentinel);

    const rows = await provenance();
    expect(rows.filter((r) => r.csrName === csrName)).toHaveLength(1);
    // Only bootstrap CSRs: the first test's two and this test's two; never the admin's.
    expect(rows.map((r) => r.nodeName).sort()).toEqual(["worker-a", "worker-b", "worker-later", "worker-watched"]);
    expect(await db.joinSessionEvent.count({ where: { sessionId } })).toBe(1);
    // worker-b found no waiting session: provenance only.
    expect(rows.find((r) => r.csrName === sentinel)?.sessionId).toBeNull();
  });
});
