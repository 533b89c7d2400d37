import net from "node:net";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { freePort } from "@e2e/env/kube/free-port";
import { waitUntil } from "@e2e/env/kube/wait-until";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { NodeReader } from "@/server/services/nodes/ports";
import { fromBase64 } from "./kube-calls";
import { postNodeStatus, registerNode, vclusterCredentials } from "./node-kubelet.test-fixtures";
import { KubeNodeReader } from "./node-reader";

let cluster: KubeCluster;
let vc: VirtualCluster;
let credentials: ClusterCredentials;
let kubelet: CoreV1Api;
const reader: NodeReader = new KubeNodeReader();

beforeAll(async () => {
  cluster = await startKubeCluster({ controllerManager: true });
  vc = await cluster.startVirtualCluster({ name: "nodes-read", namespace: "team-read" });
  credentials = await vclusterCredentials(cluster, vc);
  kubelet = vc.kubeConfig().makeApiClient(CoreV1Api);
});
afterAll(() => cluster?.stop());

describe("KubeNodeReader against a vCluster", () => {
  it("lists no nodes before any machine joined", async () => {
    expect(await reader.list(credentials)).toEqual([]);
  });

  it("follows a joining node from registration through NotReady to Ready", async () => {
    await registerNode(kubelet, "worker-b", { "node-role.kubernetes.io/worker": "" });
    expect(await reader.get(credentials, "worker-b")).toMatchObject({ name: "worker-b", status: "unknown", internal_ip: null, roles: ["worker"] });

    await postNodeStatus(kubelet, "worker-b", "False", "10.20.0.12");
    expect((await reader.get(credentials, "worker-b"))?.status).toBe("not_ready");

    await postNodeStatus(kubelet, "worker-b", "True", "10.20.0.12");
    await registerNode(kubelet, "worker-a");
    const nodes = await reader.list(credentials);
    expect(nodes.map((n) => [n.name, n.status])).toEqual([
      ["worker-a", "unknown"],
      ["worker-b", "ready"],
    ]);
    const b = nodes[1];
    expect(b).toMatchObject({
      internal_ip: "10.20.0.12",
      external_ip: null,
      kubelet_version: "v1.37.2",
      os_image: "Debian GNU/Linux 12 (bookworm)",
      kernel_version: "6.1.0-31-amd64",
      container_runtime: "containerd://1.7.24",
      unschedulable: false,
      capacity: { cpu: "2", memory: "4028Mi", pods: "110" },
      allocatable: { cpu: "1900m", memory: "3800Mi", pods: "110" },
    });
    expect(b?.conditions.find((c) => c.type === "Ready")).toMatchObject({ status: "True", reason: "KubeletReady" });
    expect(Date.parse(b?.created_at ?? "")).toBeGreaterThan(Date.now() - 120_000);
    expect(b?.age_seconds).toBeGreaterThanOrEqual(0);
  });

  it("returns null for a node that does not exist", async () => {
    expect(await reader.get(credentials, "no-such-node")).toBeNull();
  });

  it("tells the user to check the cluster when its API cannot be reached, keeping the address for the logs", async () => {
    // A port nothing listens on; not port 1, which fetch refuses before connecting (a "bad port").
    const closed = `https://127.0.0.1:${await freePort()}`;
    const err: unknown = await reader.list({ ...credentials, server: closed }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/^Could not reach the cluster's API server to list nodes \(ECONNREFUSED\)\. Check that the cluster is running/) });
    expect((err as Error).message).not.toContain("127.0.0.1");
    expect(((err as Error).cause as Error).message).toContain(`list nodes at ${closed}`);
  });

  it("refuses a server whose certificate is not signed by the cluster CA", async () => {
    const hostCa = fromBase64(cluster.kubeConfig().getCurrentCluster()?.caData);
    await expect(reader.list({ ...credentials, caPem: hostCa })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
  });

  it("reports rejected credentials as a configuration problem", async () => {
    const anonymous = { server: credentials.server, caPem: credentials.caPem };
    await expect(reader.list(anonymous)).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/refused the platform's credentials/) });
  });

  it("gives up on a server that accepts the connection but never answers", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    try {
      await expect(new KubeNodeReader({ timeoutMs: 500 }).list({ ...credentials, server: `https://127.0.0.1:${port}` })).rejects.toMatchObject({
        message: expect.stringMatching(/timed out/),
      });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.close();
    }
  });
});

describe("KubeNodeReader pages with the API server's limit and continue", () => {
  let paged: ClusterCredentials;
  let pagedKubelet: CoreV1Api;
  const names = Array.from({ length: 7 }, (_, i) => `pager-${String(i).padStart(2, "0")}`);

  beforeAll(async () => {
    // Compacting every few seconds, as a real apiserver does every five minutes, so continue tokens expire within the test.
    const pagedVc = await cluster.startVirtualCluster({ name: "nodes-pages", namespace: "team-pages", etcdCompactionIntervalSeconds: 2 });
    paged = await vclusterCredentials(cluster, pagedVc);
    pagedKubelet = pagedVc.kubeConfig().makeApiClient(CoreV1Api);
    // Registered out of order: the pages come back in the server's (name) order regardless.
    for (const name of [...names].reverse()) await registerNode(pagedKubelet, name);
  });

  it("returns every node exactly once across pages of at most `limit`, in name order, and no token after the last", async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let continueToken: string | undefined;
    do {
      const page = await reader.listPage(paged, { limit: 3, continueToken });
      sizes.push(page.items.length);
      seen.push(...page.items.map((n) => n.name));
      continueToken = page.continueToken ?? undefined;
    } while (continueToken);
    expect(seen).toEqual(names);
    expect(sizes).toEqual([3, 3, 1]);
    expect(await reader.listPage(paged, { limit: 10 })).toMatchObject({ continueToken: null, items: names.map((name) => expect.objectContaining({ name })) });
  });

  it("keeps the first page's snapshot: a node registered between pages is not on a later page", async () => {
    const first = await reader.listPage(paged, { limit: 4 });
    await registerNode(pagedKubelet, "pager-99");
    const rest = await reader.listPage(paged, { limit: 10, continueToken: first.continueToken ?? undefined });
    expect([...first.items, ...rest.items].map((n) => n.name)).toEqual(names);
    expect((await reader.list(paged)).map((n) => n.name)).toContain("pager-99");
    await pagedKubelet.deleteNode({ name: "pager-99" });
  });

  it("refuses a continue token the server did not issue with a 400 that says to start again", async () => {
    const err: unknown = await reader.listPage(paged, { limit: 3, continueToken: "not-a-continue-token" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST", message: "The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page." });
  });

  it("turns an expired continue token (410 Gone once etcd compacted past it) into a 400 that says to start again", async () => {
    const first = await reader.listPage(paged, { limit: 3 });
    expect(first.continueToken).not.toBeNull();
    // The compactor compacts to the revision it saw on its previous tick, so etcd must move past the token:
    // a write now, and one more after every try the token still survives.
    await postNodeStatus(pagedKubelet, "pager-00", "True");
    const err = await waitUntil(
      "the continue token to expire",
      async () => {
        const failure: unknown = await reader.listPage(paged, { limit: 3, continueToken: first.continueToken ?? undefined }).catch((e: unknown) => e);
        if (failure instanceof Error) return failure;
        await postNodeStatus(pagedKubelet, "pager-00", "True");
        return undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(err).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^The cursor has expired: .* Start again without `cursor`\.$/) });
    expect(((err as Error).cause as { status?: number }).status).toBe(410);
    // Starting again works.
    expect((await reader.listPage(paged, { limit: 3 })).items).toHaveLength(3);
  });
});
