import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { parseConfig } from "@/server/config/env";
import { WEBHOOK_OFF_MESSAGE } from "@/server/domain/admission/webhook-status";
import { newId } from "@/server/domain/ids";
import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { createLogger } from "@/server/observability/logger";
import { createPlan } from "@/server/services/billing/create-plan";
import { startJobProcessing, type JobProcessing } from "./job-processing";
import { buildRuntime, type Runtime } from "./runtime";

// The admission webhook loop as a job-processing process runs it, on real PostgreSQL. The clusters have no vCluster
// behind them: what is checked is when passes run (at start, after a plan change through the use case with the
// runtime's deps, after a cluster job ends in the process) and what a pass writes without reaching a cluster. The
// interval is an hour, so only the triggers bring a pass after the first one.
const AUTH_SECRET = "admission-loop-secret-0123456789abcdef01";
let database: TestDatabase;
type Env = Record<string, string | undefined>;
let baseEnv: Env;
const runtimes: Runtime[] = [];
const processes: JobProcessing[] = [];
let ownerId: string;
let adminId: string;

function runtimeWith(env: Env): Runtime {
  const runtime = buildRuntime(parseConfig({ ...baseEnv, ...env }), { process: "kubebyon-worker", log: createLogger({ level: "error" }) });
  runtimes.push(runtime);
  return runtime;
}

beforeAll(async () => {
  database = await createTestDatabase("admission_webhook_loop");
  baseEnv = { DATABASE_URL: database.url, KUBEBYON_JOB_POLL_INTERVAL_MS: "200", KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS: "3600" };
  const db = runtimeWith({}).deps.db;
  ownerId = newId("usr");
  adminId = newId("usr");
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "hook loop" } });
  await db.user.create({ data: { id: adminId, email: `${adminId}@example.test`, name: "admin", role: "admin" } });
}, 120_000);

afterAll(async () => {
  for (const p of processes) await p.stop();
  for (const runtime of runtimes) await runtime.close();
  await database?.drop();
});

const cluster = async (db: Runtime["deps"]["db"], name: string, data: { admissionWebhookAppliedHash?: string } = {}) => {
  const id = newId("cl");
  await db.cluster.create({ data: { id, ownerId, name, vclusterName: name, namespace: `${name}-ns`, status: "ready", ...data } });
  return id;
};

describe("admission webhook loop", () => {
  it("refuses to start a process with the webhook on and no URL or no auth secret, naming the variable", () => {
    expect(() => runtimeWith({ KUBEBYON_ADMISSION_WEBHOOK_ENABLED: "true", KUBEBYON_AUTH_SECRET: AUTH_SECRET })).toThrow(/KUBEBYON_ADMISSION_WEBHOOK_URL: required when KUBEBYON_ADMISSION_WEBHOOK_ENABLED=true/);
    // The job-processing process derives the webhook URL token and opens the platform CA with it.
    expect(() => runtimeWith({ KUBEBYON_ADMISSION_WEBHOOK_ENABLED: "true", KUBEBYON_ADMISSION_WEBHOOK_URL: "https://kubebyon-admission.kubebyon.svc:443" })).toThrow(/KUBEBYON_AUTH_SECRET: required/);
  });

  it("with the webhook off, marks every cluster disabled and tries to remove what was applied earlier", async () => {
    const runtime = runtimeWith({});
    const db = runtime.deps.db;
    const untouched = await cluster(db, "off-a");
    const applied = await cluster(db, "off-b", { admissionWebhookAppliedHash: "f".repeat(64) });
    processes.push(await startJobProcessing(runtime, "admission-loop-off"));
    const a = await waitFor("the first pass", () => db.cluster.findUniqueOrThrow({ where: { id: untouched } }), (c) => c.admissionWebhookMessage !== null, 20_000);
    expect(a).toMatchObject({ admissionWebhookStatus: "disabled", admissionWebhookMessage: WEBHOOK_OFF_MESSAGE });
    // Its vCluster cannot be reached (none exists): the configuration stays recorded and the cluster says why.
    const b = await waitFor("the removal attempt", () => db.cluster.findUniqueOrThrow({ where: { id: applied } }), (c) => c.admissionWebhookStatus === "error", 20_000);
    expect(b.admissionWebhookMessage).toMatch(/^The admission webhook is off in this deployment, but the configuration the platform wrote earlier could not be removed from the cluster/);
    expect(b.admissionWebhookAppliedHash).toBe("f".repeat(64));
    await processes.pop()?.stop();
    await db.cluster.updateMany({ where: { id: { in: [untouched, applied] } }, data: { status: "deleted" } });
  });

  it("with the webhook on, passes at start, after a plan change through the use case and after a cluster job ends here", async () => {
    const runtime = runtimeWith({ KUBEBYON_ADMISSION_WEBHOOK_ENABLED: "true", KUBEBYON_ADMISSION_WEBHOOK_URL: "https://kubebyon-admission.kubebyon.svc:443", KUBEBYON_AUTH_SECRET: AUTH_SECRET });
    const db = runtime.deps.db;
    const id = await cluster(db, "on");
    const row = () => db.cluster.findUniqueOrThrow({ where: { id } });
    processes.push(await startJobProcessing(runtime, "admission-loop-on"));
    // No plan applies to the owner: nothing to enforce, nothing to write into the cluster.
    const first = await waitFor("the first pass", row, (c) => c.admissionWebhookMessage !== null, 20_000);
    expect(first).toMatchObject({ admissionWebhookStatus: "disabled", admissionWebhookMessage: "No plan applies to the cluster's owner, so no webhook configuration is kept in the cluster." });

    // A new default plan through the use case with the runtime's deps: a pass follows at once, which must now write
    // into the cluster and cannot (no vCluster behind the row).
    const admin = { id: adminId, email: "admin@example.test", name: "admin", role: "admin" as const, auth: { method: "session" as const, sessionId: "s" } };
    const plan = await createPlan(runtime.deps, admin, { code: "loop", name: "Loop", clusterQuota: 1, nodeQuota: 2, isDefault: true }, { ip: null, userAgent: null });
    const failed = await waitFor("a pass after the plan change", row, (c) => c.admissionWebhookStatus === "error", 20_000);
    expect(failed.admissionWebhookMessage).toMatch(/^The webhook configuration could not be written into the cluster/);

    // A change behind the platform's back is seen only by a pass: the end of a cluster job in this process brings one.
    await db.plan.update({ where: { id: plan.id }, data: { isDefault: false } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await row()).admissionWebhookStatus).toBe("error");
    const job = await runtime.deps.jobs.enqueue({ clusterId: id, kind: CLUSTER_MANAGED_INGRESS_JOB, payload: {} });
    await waitFor("the job to end", () => db.clusterJob.findUnique({ where: { id: job.id } }), (j) => j?.finishedAt != null, 30_000);
    const after = await waitFor("a pass after the job", row, (c) => c.admissionWebhookStatus === "disabled", 10_000);
    expect(after.admissionWebhookMessage).toBe("No plan applies to the cluster's owner, so no webhook configuration is kept in the cluster.");
  });
});
