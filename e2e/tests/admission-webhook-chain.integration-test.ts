import { AdmissionregistrationV1Api, CoreV1Api, type V1Pod } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { freePort } from "@e2e/env/kube/free-port";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { startAdmissionWebhookServer, type AdmissionWebhookServer } from "@/server/composition/admission-webhook";
import { admissionWebhookSyncDeps } from "@/server/composition/admission-webhook-sync-deps";
import { parseConfig } from "@/server/config/env";
import { ADMISSION_WEBHOOK_CONFIGURATION_NAME } from "@/server/domain/admission/webhook-configuration";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { createLogger, type Logger } from "@/server/observability/logger";
import { createMetrics } from "@/server/observability/metrics";
import { requestAdmissionWebhookSync } from "@/server/services/admission/request-admission-webhook-sync";
import { syncAdmissionWebhooks } from "@/server/services/admission/sync-admission-webhooks";
import { updatePlan } from "@/server/services/billing/update-plan";

/**
 * The whole admission chain on real parts, wired as production wires it: settings parsed from the environment, the
 * configuration sync of the job-processing process (admissionWebhookSyncDeps: the handler's URLs and CA bundle), the
 * web process's HTTPS listener, and a stand-in vCluster apiserver that calls the listener itself for every Node and
 * Pod it is asked to create. Nothing here writes a ValidatingWebhookConfiguration by hand.
 */
const AUTH_SECRET = "admission-chain-secret-0123456789abcdef";
const origin = { ip: null, userAgent: null };
const admin = { id: "usr_chain_admin", email: "chain-admin@example.test", name: "Admin", role: "admin" as const, auth: { method: "session" as const, sessionId: "ses_ca" } };
const OWNER = "usr_chain_owner";
const PLAN = "pln_chain";

let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let log: Logger;
let ready: ReadyCluster;
let core: CoreV1Api;
let server: AdmissionWebhookServer | undefined;
let port: number;
let resolver: VclusterKubeconfigResolver;

function settings(failurePolicy: "Fail" | "Ignore") {
  return parseConfig({
    DATABASE_URL: database.url,
    KUBEBYON_AUTH_SECRET: AUTH_SECRET,
    KUBEBYON_ADMISSION_WEBHOOK_ENABLED: "true",
    KUBEBYON_ADMISSION_WEBHOOK_LISTEN: `127.0.0.1:${port}`,
    KUBEBYON_ADMISSION_WEBHOOK_URL: `https://127.0.0.1:${port}`,
    KUBEBYON_ADMISSION_WEBHOOK_FAILURE_POLICY: failurePolicy,
    KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS: "5",
  });
}

const syncDeps = (failurePolicy: "Fail" | "Ignore") =>
  admissionWebhookSyncDeps({ config: settings(failurePolicy), db, log, now: () => new Date(), resolver, processName: "chain-test" });

async function startListener(): Promise<AdmissionWebhookServer> {
  const hook = settings("Fail").admissionWebhook;
  return startAdmissionWebhookServer({
    config: { listen: hook.listen, url: hook.url ?? "", timeoutSeconds: hook.timeoutSeconds },
    authSecret: AUTH_SECRET,
    db,
    log,
    resolver,
    metrics: createMetrics().admission,
  });
}

const pod = (name: string, cpu: string, container: Record<string, unknown> = {}): V1Pod => ({
  metadata: { name, namespace: "default" },
  spec: { containers: [{ name: "app", image: "registry.invalid/app:1", resources: { requests: { cpu, memory: "16Mi" } }, ...container }] },
});

/** "created", or the apiserver's status code and message: what a kubectl user would see. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "created",
    (err: { code?: number; body?: string }) => `${err.code}: ${(JSON.parse(err.body ?? "{}") as { message?: string }).message ?? String(err.body)}`,
  );

async function webhookNames(): Promise<string[]> {
  const api = ready.vc.kubeConfig().makeApiClient(AdmissionregistrationV1Api);
  const object = await api.readValidatingWebhookConfiguration({ name: ADMISSION_WEBHOOK_CONFIGURATION_NAME });
  return (object.webhooks ?? []).map((w) => `${w.name} ${w.failurePolicy}`).sort();
}

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("admission_chain");
  db = createPrismaClient(database.url);
  log = createLogger({ level: "warn", write: () => undefined });
  port = await freePort();
  resolver = new VclusterKubeconfigResolver({ kubeConfig: kube.kubeConfig(), route: "cluster-ip" });
  await db.user.create({ data: { id: OWNER, email: "chain-owner@example.test", name: "Owner", role: "user" } });
  await db.user.create({ data: { id: admin.id, email: admin.email, name: admin.name, role: "admin" } });
  // The default plan every user without an order has: one node, and no pod policy yet.
  await db.plan.create({ data: { id: PLAN, code: "chain", name: "Chain", clusterQuota: 1, nodeQuota: 1, isDefault: true } });
  ready = await provisionReadyCluster({ kube, db, ownerId: OWNER, name: "chained" });
  core = ready.vc.kubeConfig().makeApiClient(CoreV1Api);
  // No kube-controller-manager in the vCluster: nothing creates the default ServiceAccount pods run as.
  await core.createNamespacedServiceAccount({ namespace: "default", body: { metadata: { name: "default" } } });
  server = await startListener();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await kube?.stop();
});

describe("admission webhook: configuration sync + HTTPS handler + a real vCluster apiserver", () => {
  it("writes the nodes webhook for a plan with only a node limit, and the apiserver refuses the Node past it with the plan's message", async () => {
    await syncAdmissionWebhooks(syncDeps("Fail"));
    expect(await webhookNames()).toEqual(["nodes.policy.kubebyon.io Fail"]);
    const row = await db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } });
    expect(row.admissionWebhookStatus).toBe("ready");

    expect(await outcome(registerNode(core, "worker-1"))).toBe("created");
    expect(await outcome(registerNode(core, "worker-2"))).toMatch(
      /^403: admission webhook "nodes\.policy\.kubebyon\.io" denied the request: this cluster already has 1 of the 1 nodes allowed by plan "Chain"/,
    );
    // No pods webhook yet: the plan says nothing about pods.
    expect(await outcome(core.createNamespacedPod({ namespace: "default", body: pod("privileged-before", "10m", { securityContext: { privileged: true } }) }))).toBe("created");
  });

  it("re-applies with the pods webhook when the admin changes the plan, and then denies a privileged pod and one over the request budget", async () => {
    const deps = syncDeps("Fail");
    await updatePlan({ db, log, now: () => new Date(), admissionWebhookSync: () => void requestAdmissionWebhookSync(deps) }, admin, PLAN, { admissionDenyPrivileged: true, admissionPodCpuRequests: "500m" }, origin);
    await expect.poll(webhookNames, { timeout: 20_000, interval: 250 }).toEqual(["nodes.policy.kubebyon.io Fail", "pods.policy.kubebyon.io Fail"]);

    // The apiserver's webhook cache follows the configuration within a moment.
    await expect
      .poll(() => outcome(core.createNamespacedPod({ namespace: "default", body: pod("privileged-after", "10m", { securityContext: { privileged: true } }) })), { timeout: 15_000, interval: 300 })
      .toMatch(/^403: admission webhook "pods\.policy\.kubebyon\.io" denied the request: plan "Chain" does not allow privileged containers/);
    // 10m already requested by the earlier pod: 10m + 600m > 500m.
    expect(await outcome(core.createNamespacedPod({ namespace: "default", body: pod("too-big", "600m") }))).toMatch(
      /^403: admission webhook "pods\.policy\.kubebyon\.io" denied the request: this pod requests 600m of CPU; .* more than the 500m allowed by plan "Chain"/,
    );
    expect(await outcome(core.createNamespacedPod({ namespace: "default", body: pod("fits", "100m") }))).toBe("created");
  });

  it("with the handler stopped, failurePolicy Fail holds creation and Ignore (re-applied from the setting) lets it through", async () => {
    await server?.stop();
    server = undefined;
    expect(await outcome(core.createNamespacedPod({ namespace: "default", body: pod("while-down-fail", "10m") }))).toMatch(
      /^500: Internal error occurred: failed calling webhook "pods\.policy\.kubebyon\.io"/,
    );

    await syncAdmissionWebhooks(syncDeps("Ignore"));
    expect(await webhookNames()).toEqual(["nodes.policy.kubebyon.io Ignore", "pods.policy.kubebyon.io Ignore"]);
    await expect
      .poll(() => outcome(core.createNamespacedPod({ namespace: "default", body: pod(`while-down-ignore-${Date.now()}`, "10m") })), { timeout: 15_000, interval: 300 })
      .toBe("created");

    // Back up: the platform's answers count again.
    server = await startListener();
    await syncAdmissionWebhooks(syncDeps("Fail"));
    await expect
      .poll(() => outcome(core.createNamespacedPod({ namespace: "default", body: pod(`privileged-again-${Date.now()}`, "10m", { securityContext: { privileged: true } }) })), { timeout: 15_000, interval: 300 })
      .toMatch(/^403: admission webhook "pods\.policy\.kubebyon\.io" denied the request: plan "Chain" does not allow privileged containers/);
  });
});
