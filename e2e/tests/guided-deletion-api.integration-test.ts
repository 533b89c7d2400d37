import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchNodeJoinScript } from "@e2e/env/join-session-from-wrapper";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startJoinEndpointStandIn, type JoinEndpointStandIn } from "@e2e/env/join-endpoint-stand-in";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";

/**
 * The deletion plan and the reset commands through the REST API on real parts: the reset token is a real
 * bootstrap token in a stand-in vCluster apiserver, and the join-script proxy fetches the stand-in's /node/join,
 * which decides by a real bootstrap-token authentication. Force delete is refused to a normal user.
 */
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let standIn: JoinEndpointStandIn;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
const BASE_URL = "https://console.example.test";

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("guided_deletion_api", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  ready = await provisionReadyCluster({
    kube,
    db: api.runtime.deps.db,
    ownerId: alice.id,
    name: "resettable",
    forwardTo: async (vc) => {
      const admin = vc.kubeConfig().getCurrentUser();
      standIn = await startJoinEndpointStandIn({
        server: vc.server,
        caPem: vc.tls.caPem,
        serving: () => vc.tls.serving,
        api: { clientCertPem: Buffer.from(admin?.certData ?? "", "base64").toString(), clientKeyPem: Buffer.from(admin?.keyData ?? "", "base64").toString() },
      });
      return standIn.endpoint;
    },
  });
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: BASE_URL } });
}, 180_000);

afterAll(async () => {
  await standIn?.stop();
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

const script = async (clusterId: string, token: string) => {
  const { GET } = await import("@/app/api/join/clusters/[clusterId]/script/route");
  const url = `${BASE_URL}/api/join/clusters/${clusterId}/script?token=${encodeURIComponent(token)}`;
  return GET(new Request(url, { headers: { "x-forwarded-for": "203.0.113.60" } }), { params: Promise.resolve({ clusterId }) });
};

type Plan = { nodes: { count: number; items: Array<{ name: string; status: string; internal_ip: string | null }> }; host: { namespace: string; helm_release: string }; join_tokens: { count: number } };
type Reset = { token_id: string; expires_at: string; commands: Array<{ node_name: string; command: string }> };

describe("guided deletion API", () => {
  it("plans the deletion with the joined nodes and hands out --reset-only commands whose token the vCluster accepts", async () => {
    const db = api.runtime.deps.db;
    // The node observer is the nodes table's writer in production; here the rows stand for two joined machines.
    for (const [name, ip] of [["worker-a", "10.0.0.11"], ["worker-b", "10.0.0.12"]] as const) {
      await db.node.create({ data: { id: `nd_${name}`, clusterId: ready.clusterId, name, status: "ready", internalIp: ip } });
    }

    const planRes = await api.rest("GET", `/clusters/${ready.clusterId}/deletion-plan`, { cookie: alice.cookie });
    expect(planRes.status).toBe(200);
    const plan = (await planRes.json()) as Plan;
    expect(plan.nodes).toEqual({ count: 2, items: [{ name: "worker-a", status: "ready", internal_ip: "10.0.0.11" }, { name: "worker-b", status: "ready", internal_ip: "10.0.0.12" }] });
    const cluster = await db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } });
    expect(plan.host).toMatchObject({ namespace: cluster.namespace, helm_release: cluster.vclusterName });
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/deletion-plan`, { cookie: bob.cookie })).status).toBe(404);

    const resetRes = await api.rest("POST", `/clusters/${ready.clusterId}/reset-commands`, { cookie: alice.cookie, body: {} });
    expect(resetRes.status).toBe(200);
    const reset = (await resetRes.json()) as Reset;
    expect(reset.commands.map((c) => c.node_name)).toEqual(["worker-a", "worker-b"]);
    const match = /^curl -fsSL "https:\/\/console\.example\.test\/api\/join\/clusters\/([^/]+)\/script\?token=([a-z0-9]{6}\.[a-z0-9]{16})" \| sh -s -- --reset-only$/.exec(reset.commands[0]!.command);
    expect(match?.[1]).toBe(ready.clusterId);
    const token = match![2]!;
    expect(token.split(".")[0]).toBe(reset.token_id);

    const row = await db.joinToken.findFirstOrThrow({ where: { tokenId: reset.token_id } });
    expect(row).toMatchObject({ purpose: "reset", maxUses: 2, revokedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(3590_000);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "join_token.create", targetId: ready.clusterId } });
    expect(audit.metadata).toMatchObject({ token_id: reset.token_id, purpose: "reset", max_uses: 2 });

    // The command's wrapper opens a session; its fetch of the vCluster's own script goes to the stand-in
    // /node/join, which answers only for a token the vCluster apiserver authenticates.
    const wrapper = await script(ready.clusterId, token);
    expect(wrapper.status).toBe(200);
    const before = standIn.requests();
    const fetched = await fetchNodeJoinScript({ baseUrl: BASE_URL, wrapper: await wrapper.text(), token, clientIp: "203.0.113.60" });
    const fetchedBody = await fetched.text();
    expect(fetched.status, fetchedBody).toBe(200);
    expect(standIn.requests()).toBe(before + 1);
    expect(fetchedBody).toContain(`TOKEN_ID="${reset.token_id}"`);
    // The plan now lists the reset token among the active ones.
    expect(((await (await api.rest("GET", `/clusters/${ready.clusterId}/deletion-plan`, { cookie: alice.cookie })).json()) as Plan).join_tokens.count).toBe(1);

    expect((await api.rest("POST", `/clusters/${ready.clusterId}/reset-commands`, { cookie: bob.cookie, body: {} })).status).toBe(404);
    // Force delete is an admin's: the owner is refused and nothing changes.
    const forced = await api.rest("POST", `/admin/clusters/${ready.clusterId}/force-delete`, { cookie: alice.cookie, body: { reason: "mine" } });
    expect(forced.status).toBe(403);
    expect((await db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } })).status).toBe("ready");
  }, 120_000);
});
