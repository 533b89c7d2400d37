import { AuthenticationV1Api, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchNodeJoinScript } from "@e2e/env/join-session-from-wrapper";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startVclusterJoinFront, type JoinEndpointStandIn } from "@e2e/env/join-endpoint-stand-in";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";

/**
 * Spec §5.5 and the join-script proxy through the real API on real parts:
 * tokens are real bootstrap tokens in a stand-in vCluster apiserver; the
 * cluster's public endpoint (127.0.0.1:<nodePort>) leads to a stand-in of
 * vCluster's /node/join that serves with the vCluster's own certificate and
 * decides by a real bootstrap-token authentication. The platform's own API
 * calls go straight to the apiserver (the one test-only override, because the
 * NodePort here can lead to only one of the two).
 */
let kube: KubeCluster;
let caPem: string;
let api: InProcessApi;
let ready: ReadyCluster;
let standIn: JoinEndpointStandIn;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
const BASE_URL = "https://console.example.test";

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("join_tokens_api", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath, KUBEBYON_JOIN_RATE_LIMIT_BURST: "30" });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  ready = await provisionReadyCluster({
    kube,
    db: api.runtime.deps.db,
    ownerId: alice.id,
    name: "alpha",
    forwardTo: async (vc) => {
      caPem = vc.tls.caPem;
      // One port for the API and /node/join, like vCluster's proxy.
      standIn = await startVclusterJoinFront(vc);
      return standIn.endpoint;
    },
  });
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: BASE_URL } });
});

afterAll(async () => {
  await standIn?.stop();
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

const script = async (clusterId: string, token: string | null, ip = "203.0.113.50") => {
  const { GET } = await import("@/app/api/join/clusters/[clusterId]/script/route");
  const url = `${BASE_URL}/api/join/clusters/${clusterId}/script${token === null ? "" : `?token=${encodeURIComponent(token)}`}`;
  return GET(new Request(url, { headers: { "x-forwarded-for": ip } }), { params: Promise.resolve({ clusterId }) });
};

type Created = { join_token: { token_id: string; state: string; expires_at: string }; token: string; join_command: string; direct_join_command: string | null };

describe("join tokens", () => {
  let created: Created;

  it("issues a real bootstrap token, stores only its hash, and returns the join commands once", async () => {
    const res = await api.rest("POST", `/clusters/${ready.clusterId}/join-token`, { cookie: alice.cookie, body: { ttl_seconds: 7200 } });
    expect(res.status).toBe(200);
    created = (await res.json()) as Created;
    expect(created.token).toMatch(/^[a-z0-9]{6}\.[a-z0-9]{16}$/);
    const [id] = created.token.split(".");
    expect(created.join_token).toMatchObject({ token_id: id, state: "active" });
    expect(Date.parse(created.join_token.expires_at) - Date.now()).toBeGreaterThan(7100_000);
    expect(created.join_command).toBe(`curl -fsSL "${BASE_URL}/api/join/clusters/${ready.clusterId}/script?token=${created.token}" | sh -`);
    expect(created.direct_join_command).toBe(`curl -fsSLk "https://127.0.0.1:${ready.nodePort}/node/join?token=${created.token}" | sh -`);

    const row = await api.runtime.deps.db.joinToken.findFirstOrThrow({ where: { tokenId: id } });
    expect(row.secretHash).not.toContain(created.token.split(".")[1]);
    const secret = await ready.vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `bootstrap-token-${id}`, namespace: "kube-system" });
    expect(secret.type).toBe("bootstrap.kubernetes.io/token");

    // The token really authenticates against the cluster as a bootstrapping node.
    const review = await kubeConfigFromCredentials({ server: ready.vc.server, caPem, token: created.token })
      .makeApiClient(AuthenticationV1Api)
      .createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
    expect(review.status?.userInfo?.username).toBe(`system:bootstrap:${id}`);
  });

  it("serves the join wrapper for a valid token, counts its use, and serves the cluster's own script to its session", async () => {
    const res = await script(ready.clusterId, created.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/shellscript/);
    const body = await res.text();
    expect(body).toContain(`CLUSTER_ID='${ready.clusterId}'`);
    const row = await api.runtime.deps.db.joinToken.findFirstOrThrow({ where: { tokenId: created.join_token.token_id } });
    expect(row.usedCount).toBe(1);

    // The wrapper's session fetches the vCluster's own script through the platform, without counting another use.
    const inner = await fetchNodeJoinScript({ baseUrl: BASE_URL, wrapper: body, token: created.token, clientIp: "203.0.113.50" });
    const innerBody = await inner.text();
    expect(inner.status, innerBody).toBe(200);
    expect(innerBody).toContain(`TOKEN_ID="${created.token.split(".")[0]}"`);
    expect((await api.runtime.deps.db.joinToken.findFirstOrThrow({ where: { tokenId: created.join_token.token_id } })).usedCount).toBe(1);
  });

  it("answers 401 with no script for unknown, malformed or missing tokens", async () => {
    const before = standIn.requests();
    for (const token of [null, "garbage", `${created.token.split(".")[0]}.0000000000000000`, "zzzzzz.zzzzzzzzzzzzzzzz"]) {
      const res = await script(ready.clusterId, token);
      expect(res.status).toBe(401);
      const body = await res.text();
      expect(body).toMatch(/unknown, expired or revoked/);
      expect(body).toMatch(/exit 1/);
    }
    expect((await script("cl_other", created.token)).status).toBe(401);
    expect(standIn.requests()).toBe(before); // refused by the platform, the cluster never asked
  });

  it("rate-limits script downloads per client address with 429 and Retry-After", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await script(ready.clusterId, "garbage", "203.0.113.99")).status);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    const limited = await script(ready.clusterId, "garbage", "203.0.113.99");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await script(ready.clusterId, "garbage", "203.0.113.100")).status).toBe(401);
  });

  it("lists tokens without secrets and revokes them in the cluster", async () => {
    const list = (await (await api.rest("GET", `/clusters/${ready.clusterId}/join-tokens`, { cookie: alice.cookie })).json()) as { items: Array<Record<string, unknown>> };
    expect(list.items.map((t) => t.token_id)).toEqual([created.join_token.token_id]);
    expect(JSON.stringify(list)).not.toContain(created.token.split(".")[1]);

    const revoked = await api.rest("DELETE", `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}`, { cookie: alice.cookie });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ state: "revoked" });
    await expect(
      ready.vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `bootstrap-token-${created.join_token.token_id}`, namespace: "kube-system" }),
    ).rejects.toMatchObject({ code: 404 });
    const afterRevoke = await script(ready.clusterId, created.token);
    expect(afterRevoke.status).toBe(403);
    expect(await afterRevoke.text()).toMatch(/token_revoked: This join token was revoked/);
    expect((await api.rest("DELETE", `/clusters/${ready.clusterId}/join-tokens/${created.join_token.token_id}`, { cookie: alice.cookie })).status).toBe(200);
  });

  it("validates the TTL and hides other users' clusters", async () => {
    const short = await api.rest("POST", `/clusters/${ready.clusterId}/join-token`, { cookie: alice.cookie, body: { ttl_seconds: 10 } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toMatch(/600/);
    for (const [method, p] of [
      ["POST", `/clusters/${ready.clusterId}/join-token`],
      ["GET", `/clusters/${ready.clusterId}/join-tokens`],
      ["DELETE", `/clusters/${ready.clusterId}/join-tokens/abcdef`],
    ] as const) {
      const res = await api.rest(method, p, { cookie: bob.cookie, body: method === "POST" ? { ttl_seconds: 3600 } : undefined });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
  });

  it("downloads the owner's kubeconfig for the public endpoint, and refuses it with 409 when public access is off", async () => {
    const res = await api.rest("GET", `/clusters/${ready.clusterId}/kubeconfig`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { api_endpoint: string; kubeconfig: string };
    expect(body.api_endpoint).toBe(`https://127.0.0.1:${ready.nodePort}`);
    expect(body.kubeconfig).toContain(`server: "https://127.0.0.1:${ready.nodePort}"`);
    expect(body.kubeconfig).not.toContain("localhost:8443");
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/kubeconfig`, { cookie: bob.cookie })).status).toBe(404);

    await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { publicAccessEnabled: false } });
    const off = await api.rest("GET", `/clusters/${ready.clusterId}/kubeconfig`, { cookie: alice.cookie });
    expect(off.status).toBe(409);
    expect((await off.json()).message).toMatch(/Public access is off/);
    await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { publicAccessEnabled: true } });
  });

  it("asks for join_base_url when it is not configured", async () => {
    await api.runtime.deps.db.systemSetting.delete({ where: { key: "join_base_url" } });
    const res = await api.rest("POST", `/clusters/${ready.clusterId}/join-token`, { cookie: alice.cookie, body: { ttl_seconds: 3600 } });
    expect(res.status).toBe(412);
    expect((await res.json()).message).toMatch(/join_base_url/);
    await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: BASE_URL } });
  });
});
