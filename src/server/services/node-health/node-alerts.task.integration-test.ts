import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { nodeObserverTestDeps } from "@e2e/env/node-observer-deps";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "@e2e/env/webhook-receiver";
import { parseConfig } from "@/server/config/env";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { postNodeStatus, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { SmtpMailer } from "@/server/infra/mail/smtp-mailer";
import { FetchWebhookSender } from "@/server/infra/webhook/fetch-webhook-sender";
import { createLogger } from "@/server/observability/logger";
import { evaluateNodeAlerts, nodeAlertSettings, type NodeAlertDeps } from "@/server/services/node-health/evaluate-node-alerts";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import { leaderClaimsOn, startTestTask } from "@e2e/env/background-task";
import { nodeObserverRescanTask } from "@/server/services/nodes/node-observer-rescan.task";
import { notificationDispatchTask } from "@/server/services/notifications/notification-dispatch.task";
import { nodeAlertsTask } from "./node-alerts.task";

/**
 * Node health alerts end to end with real parts: the stand-in vCluster's apiserver (the test plays the
 * kubelet), the node observer writing nodes/node_events, the leader-gated alert task on the product's scheduler and the real clock
 * with thresholds set through the KUBEBYON_NODE_ALERT_* settings, the delivery task, a real SMTP
 * server and a webhook receiver. A node goes NotReady past the threshold, flaps, recovers: exactly one
 * alert and one recovery reach each channel; a flap inside the cooldown sends nothing more.
 */
const config = parseConfig({
  KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS: "2",
  KUBEBYON_NODE_ALERT_RECOVERY_SECONDS: "4",
  KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS: "600",
  KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS: "1",
});

let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let ready: ReadyCluster;
let vcCore: CoreV1Api;
let smtp: TestSmtpServer;
let hook: WebhookReceiver;
let mailer: SmtpMailer;
let owner: { id: string; email: string };
const stops: Array<() => Promise<void>> = [];
const log = createLogger({ level: "warn" });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsFor = (event: RegExp) => smtp.messages.filter((m) => m.to.includes(owner.email) && event.test(m.subject));
const hooksFor = (type: string) => hook.received.filter((r) => r.headers["x-kubebyon-event"] === type);

async function timeline(): Promise<string[]> {
  const rows = await db.nodeEvent.findMany({ where: { clusterId: ready.clusterId }, orderBy: [{ observedAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => `${r.nodeName}:${r.type}`);
}
const lastEvent = async () => (await timeline()).at(-1);

beforeAll(async () => {
  [kube, database, smtp, hook] = await Promise.all([startKubeCluster(), createTestDatabase("node_alert_loop"), startTestSmtpServer(), startWebhookReceiver()]);
  db = createPrismaClient(database.url);
  const { userId } = await insertTestCluster(db);
  const user = await db.user.update({ where: { id: userId }, data: { locale: "en" } });
  owner = { id: user.id, email: user.email };
  await db.notificationWebhook.create({ data: { userId, url: hook.url, secret: "whsec_node_alerts" } });
  ready = await provisionReadyCluster({ kube, db, ownerId: userId, name: "alerting" });
  vcCore = ready.vc.kubeConfig().makeApiClient(CoreV1Api);

  const smtpConfig = parseConfig(smtp.env).smtp!;
  mailer = new SmtpMailer(smtpConfig);
  const alerts: NodeAlertDeps = { db, log, now: () => new Date(), settings: nodeAlertSettings(config.nodeAlerts) };
  const observer = new NodeObserver(
    {
      ...nodeObserverTestDeps({ db, databaseUrl: database.url, kube, log, applicationName: "node-alert-loop test observer" }),
      afterNodeEvents: (clusterId) => evaluateNodeAlerts(alerts, { clusterIds: [clusterId] }),
    },
    { settleMs: 250 },
  );
  const rescans = startTestTask(nodeObserverRescanTask, observer, { intervalMs: 500 });
  stops.push(() => rescans.stop());
  const alertTask = startTestTask(nodeAlertsTask, alerts, { intervalMs: config.nodeAlerts.checkIntervalSeconds * 1000, claims: leaderClaimsOn(database.url, "test") });
  stops.push(() => alertTask.stop());
  const delivery = startTestTask(notificationDispatchTask, { db, log, now: () => new Date(), mailer, webhooks: new FetchWebhookSender() }, { intervalMs: 200 });
  stops.push(() => delivery.stop());
}, 240_000);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  mailer?.close();
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await smtp?.close();
  await hook?.close();
  await kube?.stop();
});

describe("node health alerts", () => {
  it("reads the control plane's version when the observer connects", async () => {
    await expect.poll(async () => (await db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } })).controlPlaneVersion, { timeout: 20_000 }).toMatch(/^v1\.\d+\./);
  });

  it("sends one alert and one recovery for a node that goes NotReady past the threshold, flaps, and recovers", async () => {
    await registerNode(vcCore, "worker-1");
    await postNodeStatus(vcCore, "worker-1", "True");
    await expect.poll(timeline, { timeout: 15_000 }).toEqual(["worker-1:joined", "worker-1:ready"]);

    // Shorter than the threshold: nothing.
    await postNodeStatus(vcCore, "worker-1", "False");
    await expect.poll(lastEvent, { timeout: 10_000 }).toBe("worker-1:not_ready");
    await sleep(1_000);
    await postNodeStatus(vcCore, "worker-1", "True");
    await expect.poll(lastEvent, { timeout: 10_000 }).toBe("worker-1:ready");
    await sleep(1_500);
    expect(await db.nodeAlert.count({ where: { clusterId: ready.clusterId, kind: "unhealthy" } })).toBe(0);

    // NotReady past the threshold: one alert on each channel.
    await postNodeStatus(vcCore, "worker-1", "False");
    const mail = await smtp.waitForMail(owner.email, { match: (m) => /worker-1 is not ready/.test(m.subject), timeoutMs: 20_000 });
    expect(mail.text).toContain("NotReady since");
    await expect.poll(() => hooksFor("node.unhealthy").length, { timeout: 15_000 }).toBe(1);
    const payload = JSON.parse(hooksFor("node.unhealthy")[0]!.body) as { data: Record<string, unknown> };
    expect(payload.data).toMatchObject({ cluster_id: ready.clusterId, cluster_name: "alerting", node_name: "worker-1", state: "not_ready" });
    expect(payload.data.duration_seconds).toEqual(expect.any(Number));
    expect(payload.data.duration_seconds as number).toBeGreaterThanOrEqual(2);

    // A flap inside the recovery window (Ready for ~1 s, then offline past the threshold): the same episode, nothing sent.
    await postNodeStatus(vcCore, "worker-1", "True");
    await expect.poll(lastEvent, { timeout: 10_000 }).toBe("worker-1:ready");
    await sleep(1_000);
    await postNodeStatus(vcCore, "worker-1", "Unknown");
    await expect.poll(lastEvent, { timeout: 10_000 }).toBe("worker-1:offline");
    await sleep(3_500);

    // Ready past the recovery time: one recovery on each channel.
    await postNodeStatus(vcCore, "worker-1", "True");
    await smtp.waitForMail(owner.email, { match: (m) => /worker-1 recovered/.test(m.subject), timeoutMs: 25_000 });
    await expect.poll(() => hooksFor("node.recovered").length, { timeout: 15_000 }).toBe(1);

    // Down again past the threshold, inside the cooldown: recorded on the node, not sent; then recovered quietly.
    await postNodeStatus(vcCore, "worker-1", "False");
    await expect.poll(() => db.nodeAlert.count({ where: { clusterId: ready.clusterId, kind: "unhealthy", resolvedAt: null, notifiedAt: null } }), { timeout: 20_000 }).toBe(1);
    await postNodeStatus(vcCore, "worker-1", "True");
    await expect.poll(() => db.nodeAlert.count({ where: { clusterId: ready.clusterId, kind: "unhealthy", resolvedAt: null } }), { timeout: 20_000 }).toBe(0);
    await sleep(1_500); // one more delivery pass would have sent anything recorded

    expect(mailsFor(/worker-1 is (not ready|offline)/)).toHaveLength(1);
    expect(mailsFor(/worker-1 recovered/)).toHaveLength(1);
    expect(hooksFor("node.unhealthy")).toHaveLength(1);
    expect(hooksFor("node.recovered")).toHaveLength(1);
    const recovered = JSON.parse(hooksFor("node.recovered")[0]!.body) as { data: Record<string, unknown> };
    expect(recovered.data).toMatchObject({ node_name: "worker-1", state: "ready", reason: "recovered" });
    expect(await db.nodeAlert.count({ where: { clusterId: ready.clusterId, kind: "unhealthy" } })).toBe(2);
  });
});
