import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "@e2e/env/grant-plan";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { toNodeView } from "@/server/domain/nodes/node-view";
import { recordNodeSnapshot } from "@/server/services/nodes/record-node-snapshot";

/**
 * The node quota of the owner's current plan on a real cluster: a join token is
 * a real bootstrap token in a stand-in vCluster apiserver while the cluster has
 * room; once the node observer's snapshot holds the plan's node count, the
 * token is refused with a message naming the limit and nothing is created in
 * the cluster. A node that left (deleted in the snapshot) frees its slot.
 */
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let alice: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("billing_quotas", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  admin = await api.createUser("boss@example.test", "boss-password-123", "admin");
  ready = await provisionReadyCluster({ kube, db: api.runtime.deps.db, ownerId: alice.id, name: "alpha" });
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: "https://console.example.test" } });
  await api.runtime.deps.db.plan.create({ data: { id: "pln_one_node", code: "one-node", name: "One node", clusterQuota: 1, nodeQuota: 1 } });
  await grantPlan(api.runtime.deps.db, alice.id, "pln_one_node");
});

afterAll(async () => {
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

// A Ready node as the node observer reads it from the cluster.
const node = (name: string) =>
  toNodeView(
    { metadata: { name }, status: { conditions: [{ type: "Ready", status: "True" }], capacity: { cpu: "2", memory: "4Gi", pods: "110" } } },
    new Date(),
  );

const createToken = (cookie: string) => api.rest("POST", `/clusters/${ready.clusterId}/join-token`, { cookie, body: { ttl_seconds: 3600 } });
const bootstrapSecrets = async () =>
  (await ready.vc.kubeConfig().makeApiClient(CoreV1Api).listNamespacedSecret({ namespace: "kube-system", fieldSelector: "type=bootstrap.kubernetes.io/token" })).items.length;

describe("node quota on join tokens", () => {
  it("issues a token while the cluster has fewer live nodes than the plan allows", async () => {
    const res = await createToken(alice.cookie);
    expect(res.status).toBe(200);
    expect(await bootstrapSecrets()).toBe(1);
  });

  it("refuses a token once the snapshot holds the plan's node count, naming the limit, for the owner and an admin alike", async () => {
    await recordNodeSnapshot(api.runtime.deps, ready.clusterId, [node("worker-1")]);
    for (const who of [alice, admin]) {
      const res = await createToken(who.cookie);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Your plan "One node" allows 1 node(s) per cluster and cluster "alpha" has 1. Delete a node or ask an administrator for a bigger plan before creating another join token.',
      );
    }
    expect(await bootstrapSecrets()).toBe(1);
    expect(await api.runtime.deps.db.joinToken.count({ where: { clusterId: ready.clusterId } })).toBe(1);
    const usage = (await (await api.rest("GET", "/plan", { cookie: alice.cookie })).json()) as { cluster_usage: unknown[] };
    expect(usage.cluster_usage).toEqual([expect.objectContaining({ cluster_id: ready.clusterId, nodes_used: 1, nodes_allowed: 1 })]);
  });

  it("counts only live nodes: once the node is gone from the snapshot a token is issued again", async () => {
    await recordNodeSnapshot(api.runtime.deps, ready.clusterId, []);
    expect((await createToken(alice.cookie)).status).toBe(200);
    expect(await bootstrapSecrets()).toBe(2);
  });
});
