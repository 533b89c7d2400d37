import { CoreV1Api, KubernetesObjectApi, PatchStrategy } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCertManagerCrds } from "@e2e/env/cert-manager-crds";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { parseConfig } from "@/server/config/env";
import { newId } from "@/server/domain/ids";
import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { createLogger } from "@/server/observability/logger";
import { createHostnameBinding } from "@/server/services/hostname-bindings/create-hostname-binding";
import { startJobProcessing, type JobProcessing } from "./job-processing";
import { buildRuntime, type Runtime } from "./runtime";

// The workload edge loop as a job-processing process runs it (KUBEBYON_WORKLOAD_GATEWAY_ENABLED=true): the
// runtime built from the environment, real PostgreSQL, a host kube-apiserver with the Gateway API and
// cert-manager CRDs. The interval is an hour, so only the triggers can bring a pass after the first one.
const GW_NS = "kubebyon-system";

let database: TestDatabase;
let kube: KubeCluster;
type Env = Record<string, string | undefined>;
let baseEnv: Env;
const runtimes: Runtime[] = [];
let ownerId: string;

function runtimeWith(env: Env): Runtime {
  const runtime = buildRuntime(parseConfig({ ...baseEnv, ...env }), { process: "kubebyon-worker", log: createLogger({ level: "error" }) });
  runtimes.push(runtime);
  return runtime;
}

beforeAll(async () => {
  database = await createTestDatabase("workload_edge_loop");
  kube = await startKubeCluster();
  await installGatewayApiCrds(kube.kubeConfig());
  await installCertManagerCrds(kube.kubeConfig());
  await kube.kubeConfig().makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: GW_NS } } });
  const gateway = { apiVersion: "gateway.networking.k8s.io/v1", kind: "Gateway", metadata: { name: "kubebyon-workload", namespace: GW_NS }, spec: { gatewayClassName: "eg", listeners: [{ name: "http", protocol: "HTTP", port: 80 }] } };
  await KubernetesObjectApi.makeApiClient(kube.kubeConfig()).patch(gateway, undefined, undefined, "helm", true, PatchStrategy.ServerSideApply);
  baseEnv = {
    DATABASE_URL: database.url,
    KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath,
    KUBEBYON_JOB_POLL_INTERVAL_MS: "200",
    KUBEBYON_WORKLOAD_GATEWAY_ENABLED: "true",
    KUBEBYON_WORKLOAD_GATEWAY_NAME: "kubebyon-workload",
    KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE: GW_NS,
    KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS: "3600",
  };
  ownerId = newId("usr");
  const db = runtimeWith({}).deps.db;
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "edge loop" } });
  await db.systemSetting.create({ data: { key: "managed_workload_ingress_base_domain", value: "apps.example.test" } });
}, 300_000);

afterAll(async () => {
  for (const runtime of runtimes) await runtime.close();
  await kube?.stop();
  await database?.drop();
});

describe("workload edge loop", () => {
  it("refuses to start a process whose workload Gateway is half configured, naming the variable", () => {
    expect(() => runtimeWith({ KUBEBYON_WORKLOAD_GATEWAY_NAME: "" })).toThrow(/KUBEBYON_WORKLOAD_GATEWAY_NAME: required when KUBEBYON_WORKLOAD_GATEWAY_ENABLED=true/);
  });

  let processing: JobProcessing | undefined;

  it("passes at start, after a managed-ingress job ends in the process and after a hostname binding is created", async () => {
    const runtime = runtimeWith({});
    const db = runtime.deps.db;
    // Managed ingress on and ready, but no vCluster behind the row: every pass reports the read failure.
    const clusterId = newId("cl");
    await db.cluster.create({
      data: { id: clusterId, ownerId, name: "loop", vclusterName: "loop", namespace: "loop-ns", status: "ready", managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "ready", managedWorkloadIngressCnameTarget: "loop.apps.example.test" },
    });
    processing = await startJobProcessing(runtime, "workload-edge-loop-worker");
    const row = () => db.cluster.findUniqueOrThrow({ where: { id: clusterId }, include: { hostnameBindings: true } });
    const first = await waitFor("the first pass to report the cluster", row, (r) => r.workloadEdgeStatus === "error", 20_000);
    expect(first.workloadEdgeMessage).toMatch(/^The managed ingress controller could not be read through the cluster's API/);
    expect(first.workloadEdgeLastErrorAt).not.toBeNull();

    // A binding written behind the platform's back is only seen by a pass: the end of a managed-ingress job brings one.
    await db.hostnameBinding.create({ data: { id: newId("hb"), clusterId, hostname: "quiet.example.org" } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await row()).hostnameBindings[0]?.workloadEdgeStatus).toBe("disabled");
    const job = await runtime.deps.jobs.enqueue({ clusterId, kind: CLUSTER_MANAGED_INGRESS_JOB, payload: {} });
    await waitFor("the managed-ingress job to end", () => db.clusterJob.findUnique({ where: { id: job.id } }), (j) => j?.finishedAt != null, 30_000);
    await waitFor("a pass after the job", row, (r) => r.hostnameBindings[0]?.workloadEdgeStatus === "error", 10_000);

    // Creating a binding through the use case, with the runtime's deps as the API hands them, starts a pass too.
    const owner = await db.user.findUniqueOrThrow({ where: { id: ownerId } });
    const viewer = { id: owner.id, email: owner.email, name: owner.name, role: "user" as const, auth: { method: "session" as const, sessionId: "s" } };
    const created = await createHostnameBinding(runtime.deps, viewer, { clusterId, hostname: "new.example.org" }, { ip: null, userAgent: null });
    await waitFor("a pass after the binding", () => db.hostnameBinding.findUniqueOrThrow({ where: { id: created.id } }), (b) => b.workloadEdgeStatus === "error", 10_000);
  });

  afterAll(async () => {
    await processing?.stop();
  });
});
