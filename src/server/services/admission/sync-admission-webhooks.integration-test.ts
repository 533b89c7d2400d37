import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { AdmissionregistrationV1Api, CoreV1Api, type V1ValidatingWebhookConfiguration } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import type { VirtualCluster } from "@e2e/env/kube-cluster";
import { ADMISSION_WEBHOOK_CONFIGURATION_NAME, type AdmissionEndpoint } from "@/server/domain/admission/webhook-configuration";
import { WEBHOOK_OFF_MESSAGE } from "@/server/domain/admission/webhook-status";
import { newId } from "@/server/domain/ids";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { KubeAdmissionWebhookConfigurationStore } from "@/server/infra/kube/admission-webhook-configuration-store";
import { updatePlan } from "@/server/services/billing/update-plan";
import { createCluster } from "@/server/services/clusters/create-cluster";
import { deleteCluster } from "@/server/services/clusters/delete-cluster";
import { requestAdmissionWebhookSync } from "./request-admission-webhook-sync";
import { syncAdmissionWebhooks, type AdmissionWebhookSyncDeps } from "./sync-admission-webhooks";

// The configuration pass on real parts: PostgreSQL rows and plans, the cluster jobs' harness (real host apiserver,
// helm, controller manager), and a stand-in vCluster apiserver the platform reaches through the production resolver.
// The endpoint is a real value with a CA made by openssl; the apiserver never calls it here because the test
// creates no Node or Pod in the vCluster (the call itself is tested with the webhook handler).
const run = promisify(execFile);
const origin = { ip: null, userAgent: null };
const user = { id: "usr_hook", email: "hook@example.test", name: "Hook", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_h" } };
const admin = { id: "usr_hook_admin", email: "hook-admin@example.test", name: "Admin", role: "admin" as const, auth: { method: "session" as const, sessionId: "ses_a" } };

let h: ClusterJobHarness;
let tmp: string;
let endpoint: AdmissionEndpoint;
let deps: AdmissionWebhookSyncDeps;
let planId: string;
let clusterId: string;
let vc: VirtualCluster;

const ENABLED = { enabled: true, failurePolicy: "Fail", timeoutSeconds: 7 } as const;
const readCluster = () => h.db.cluster.findUniqueOrThrow({ where: { id: clusterId } });
const hooksApi = () => vc.kubeConfig().makeApiClient(AdmissionregistrationV1Api);
async function configuration(): Promise<V1ValidatingWebhookConfiguration | null> {
  try {
    return await hooksApi().readValidatingWebhookConfiguration({ name: ADMISSION_WEBHOOK_CONFIGURATION_NAME });
  } catch (err) {
    if ((err as { code?: number }).code === 404) return null;
    throw err;
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "kubebyon-admission-ca-"));
  await run("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=kubebyon admission test CA", "-keyout", path.join(tmp, "ca.key"), "-out", path.join(tmp, "ca.pem")]);
  const caPem = await readFile(path.join(tmp, "ca.pem"), "utf8");

  h = await startClusterJobHarness({ label: "admission_webhook_sync" });
  const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
  for (const v of [user, admin]) await h.db.user.create({ data: { id: v.id, email: v.email, name: v.name, role: v.role } });
  planId = newId("pln");
  // The default plan: a node limit only, so the configuration starts with the nodes webhook alone.
  await h.db.plan.create({ data: { id: planId, code: "hook", name: "Hook", clusterQuota: 3, nodeQuota: 2, isDefault: true } });

  const created = await createCluster(h.deps, user, { name: "hooked", controlPlaneHost: "203.0.113.10" }, origin);
  clusterId = created.id;
  vc = await h.playVcluster(clusterId);
  await h.waitFor("cluster to be ready", readCluster, (c) => c.status === "ready" || c.status === "error");
  expect((await readCluster()).status).toBe("ready");

  endpoint = {
    nodesUrl: `https://kubebyon-admission.kubebyon.svc:443/admission/${clusterId}/nodes`,
    podsUrl: `https://kubebyon-admission.kubebyon.svc:443/admission/${clusterId}/pods`,
    caBundlePem: caPem,
  };
  deps = {
    db: h.db,
    log: h.runtime.log,
    now: () => new Date(),
    resolver: h.runtime.resolver,
    store: new KubeAdmissionWebhookConfigurationStore(),
    settings: ENABLED,
    endpoint: (id) => (id === clusterId ? Promise.resolve(endpoint) : Promise.reject(new Error(`no endpoint for ${id}`))),
    passLock: new PgSessionLock({ connectionString: h.databaseUrl, key: sessionLocks.admissionWebhookSync, applicationName: "admission test", waitTimeoutMs: 30_000 }),
  };
}, 300_000);

afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("syncAdmissionWebhooks against a stand-in vCluster apiserver and PostgreSQL", () => {
  it("applies the configuration: the nodes webhook with the endpoint, the CA bundle and the settings; the row is ready with the hash", async () => {
    const result = await syncAdmissionWebhooks(deps);
    expect(result.actions.get(clusterId)).toBe("applied");
    const object = await configuration();
    expect(object?.metadata?.labels).toMatchObject({ "app.kubernetes.io/managed-by": "kubebyon" });
    expect(object?.metadata?.managedFields?.map((f) => f.manager)).toContain("kubebyon-admission");
    expect(object?.webhooks?.map((w) => w.name)).toEqual(["nodes.policy.kubebyon.io"]);
    const nodes = object!.webhooks![0]!;
    expect(nodes.clientConfig.url).toBe(endpoint.nodesUrl);
    expect(Buffer.from(nodes.clientConfig.caBundle ?? "", "base64").toString("utf8")).toBe(endpoint.caBundlePem);
    expect(nodes).toMatchObject({ failurePolicy: "Fail", timeoutSeconds: 7, sideEffects: "None", matchPolicy: "Equivalent", admissionReviewVersions: ["v1"] });
    expect(nodes.rules).toEqual([{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["nodes"], scope: "Cluster" }]);

    const row = await readCluster();
    expect(row.admissionWebhookStatus).toBe("ready");
    expect(row.admissionWebhookMessage).toBe("Plan Hook is enforced on node joins inside the cluster.");
    expect(row.admissionWebhookAppliedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.admissionWebhookAppliedAt).not.toBeNull();
  });

  it("does not re-apply when nothing changed (hash), only reads it back", async () => {
    const before = await readCluster();
    const version = (await configuration())?.metadata?.resourceVersion;
    const result = await syncAdmissionWebhooks(deps);
    expect(result.actions.get(clusterId)).toBe("verified");
    expect(result.changes).toEqual([]);
    const after = await readCluster();
    expect(after.admissionWebhookAppliedAt).toEqual(before.admissionWebhookAppliedAt);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect((await configuration())?.metadata?.resourceVersion).toBe(version);
  });

  it("re-applies with the pods webhook when the admin sets admission_deny_privileged on the user's plan (sync now after the plan change)", async () => {
    const before = await readCluster();
    const syncNow = { ...h.deps, admissionWebhookSync: () => void requestAdmissionWebhookSync(deps) };
    const view = await updatePlan(syncNow, admin, planId, { admissionDenyPrivileged: true }, origin);
    expect(view.admission_deny_privileged).toBe(true);
    const object = await h.waitFor("the pods webhook in the vCluster", configuration, (o) => (o?.webhooks?.length ?? 0) === 2, 30_000);
    const pods = object!.webhooks!.find((w) => w.name === "pods.policy.kubebyon.io")!;
    expect(pods.clientConfig.url).toBe(endpoint.podsUrl);
    expect(pods.rules?.[0]).toMatchObject({ resources: ["pods"], operations: ["CREATE"], scope: "Namespaced" });
    expect(pods.namespaceSelector?.matchExpressions).toEqual([{ key: "kubernetes.io/metadata.name", operator: "NotIn", values: ["kube-system", "kube-public", "kube-node-lease"] }]);
    const row = await h.waitFor("the new hash", readCluster, (c) => c.admissionWebhookAppliedHash !== before.admissionWebhookAppliedHash);
    expect(row.admissionWebhookMessage).toBe("Plan Hook is enforced on node joins and pod creation inside the cluster.");
  });

  it("re-applies when the failure policy setting changes", async () => {
    const before = await readCluster();
    const result = await syncAdmissionWebhooks({ ...deps, settings: { ...ENABLED, failurePolicy: "Ignore" } });
    expect(result.actions.get(clusterId)).toBe("applied");
    expect((await configuration())?.webhooks?.map((w) => w.failurePolicy)).toEqual(["Ignore", "Ignore"]);
    expect((await readCluster()).admissionWebhookAppliedHash).not.toBe(before.admissionWebhookAppliedHash);
    await syncAdmissionWebhooks(deps);
    expect((await configuration())?.webhooks?.map((w) => w.failurePolicy)).toEqual(["Fail", "Fail"]);
  });

  it("puts back a configuration a cluster-admin deleted inside the vCluster", async () => {
    await hooksApi().deleteValidatingWebhookConfiguration({ name: ADMISSION_WEBHOOK_CONFIGURATION_NAME });
    expect(await configuration()).toBeNull();
    const result = await syncAdmissionWebhooks(deps);
    expect(result.actions.get(clusterId)).toBe("applied");
    expect((await configuration())?.webhooks?.map((w) => w.name)).toEqual(["nodes.policy.kubebyon.io", "pods.policy.kubebyon.io"]);
  });

  it("reports an unreachable endpoint resolver as the cluster's error and keeps what the cluster has", async () => {
    const result = await syncAdmissionWebhooks({ ...deps, endpoint: () => Promise.reject(new Error("the platform CA is not ready")) });
    expect(result.actions.get(clusterId)).toBe("failed");
    expect(await readCluster()).toMatchObject({ admissionWebhookStatus: "error", admissionWebhookMessage: "The webhook configuration could not be written into the cluster: the platform CA is not ready" });
    expect(await configuration()).not.toBeNull();
    await syncAdmissionWebhooks(deps);
    expect((await readCluster()).admissionWebhookStatus).toBe("ready");
  });

  it("removes the configuration when the deployment turns the webhook off, and says so on the cluster", async () => {
    const result = await syncAdmissionWebhooks({ ...deps, settings: { enabled: false }, endpoint: undefined });
    expect(result.actions.get(clusterId)).toBe("removed");
    expect(await configuration()).toBeNull();
    expect(await readCluster()).toMatchObject({ admissionWebhookStatus: "disabled", admissionWebhookMessage: WEBHOOK_OFF_MESSAGE, admissionWebhookAppliedHash: null, admissionWebhookAppliedAt: null });
    // Off and nothing applied: no call into the cluster, nothing to write.
    const again = await syncAdmissionWebhooks({ ...deps, settings: { enabled: false }, endpoint: undefined });
    expect(again.actions.get(clusterId)).toBe("none");
    expect(again.changes).toEqual([]);
  });

  it("the delete job removes the configuration from the vCluster first", async () => {
    await syncAdmissionWebhooks(deps);
    expect(await configuration()).not.toBeNull();
    await deleteCluster(h.deps, user, clusterId, origin);
    const row = await h.waitFor("the cluster to be deleted", readCluster, (c) => c.status === "deleted" || c.status === "error", 120_000);
    expect(row.status).toBe("deleted");
    // The stand-in apiserver outlives the host namespace (a real vCluster would be gone with it): read what it held last.
    expect(await configuration()).toBeNull();
    expect(row.admissionWebhookAppliedHash).toBeNull();
  });
});
