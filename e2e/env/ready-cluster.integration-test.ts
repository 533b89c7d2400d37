import { CoreV1Api, KubeConfig, VersionApi } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";

/** The fixture other API tests rely on: the platform's normal connection path reaches the stand-in vCluster. */
let kube: KubeCluster;
let testDb: TestDatabase;
let db: Db;
let ready: ReadyCluster;

beforeAll(async () => {
  kube = await startKubeCluster();
  testDb = await createTestDatabase("ready_cluster");
  db = createPrismaClient(testDb.url);
  await db.user.create({ data: { id: "usr_owner", email: "owner@example.test", name: "Owner" } });
  ready = await provisionReadyCluster({ kube, db, ownerId: "usr_owner", name: "alpha" });
});

afterAll(async () => {
  await ready?.close();
  await db?.$disconnect();
  await testDb?.drop();
  await kube?.stop();
});

describe("ready cluster fixture", () => {
  it("is reached on the cluster-ip route and users at https://<control_plane_host>:<nodePort>, TLS verified, without any override", async () => {
    const kubeConfig = loadHostKubeConfig({ kubeconfigPath: kube.kubeconfigPath });
    const resolver = new VclusterKubeconfigResolver({ kubeConfig, route: "cluster-ip" });
    const row = await db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } });
    const connection = await connectToCluster({ resolver, db }, row);
    const service = await kubeConfig.makeApiClient(CoreV1Api).readNamespacedService({ name: ready.vclusterName, namespace: ready.namespace });
    expect(connection.apiEndpoint).toBe(`https://127.0.0.1:${ready.nodePort}`);
    expect(connection.credentials.server).toBe(`https://${service.spec?.clusterIP}:443`);
    const userKc = new KubeConfig();
    userKc.loadFromString(connection.userKubeconfigYaml ?? "");
    expect((await userKc.makeApiClient(VersionApi).getCode()).gitVersion).toBe(kube.version);
    expect(connection.credentials.insecureSkipTlsVerify).not.toBe(true);
    const probe = await resolver.probe(connection.credentials);
    expect(probe).toMatchObject({ ok: true, gitVersion: kube.version });
  });

  it("refuses to connect to a cluster that is not ready, saying why", async () => {
    const resolver = new VclusterKubeconfigResolver({ kubeConfig: loadHostKubeConfig({ kubeconfigPath: kube.kubeconfigPath }), route: "cluster-ip" });
    const row = await db.cluster.update({ where: { id: ready.clusterId }, data: { status: "provisioning" } });
    await expect(connectToCluster({ resolver, db }, row)).rejects.toThrow(/is provisioning; its control plane can be reached once it is ready/);
    await db.cluster.update({ where: { id: ready.clusterId }, data: { status: "ready" } });
  });
});
