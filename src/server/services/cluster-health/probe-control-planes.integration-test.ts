import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";
import { parseConfig } from "@/server/config/env";
import { decideConnection } from "@/server/domain/cluster-health/connection-rules";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { KubeControlPlaneReadinessProbe } from "@/server/infra/kube/control-plane-readiness-probe";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { SmtpMailer } from "@/server/infra/mail/smtp-mailer";
import { FetchWebhookSender } from "@/server/infra/webhook/fetch-webhook-sender";
import { createLogger } from "@/server/observability/logger";
import { deliverDueNotifications } from "@/server/services/notifications/deliver-due-notifications";
import type { ControlPlaneHealthDeps } from "./cluster-health-deps";
import { probeControlPlanesTask } from "./probe-control-planes.task";
import { recordProbeOutcome, type ProbedCluster } from "./record-probe-outcome";

/**
 * Control-plane health on real parts: the stand-in vCluster's kube-apiserver reached on the platform's route
 * (cluster-ip through the kube-proxy stand-in, TLS and client certificate from Secret vc-<name>), PostgreSQL, the
 * delivery loop's pass and a real SMTP server. The task's run() is called directly, as the scheduler would; a
 * tiny debounce keeps it fast. The stand-in is stopped after the cluster became ready → unreachable within the
 * debounce and one `cluster.unreachable` mail; started again → connected and one `cluster.recovered` mail.
 */
const DEBOUNCE_MS = 1_500;
/** What a probe of a stopped control plane says, on the platform's route: refused, or no answer in time. */
const DOWN = /^https:\/\/[\d.]+:443 (is unreachable: .*ECONNREFUSED|did not answer within 1 s)/;

let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let smtp: TestSmtpServer;
let mailer: SmtpMailer;
let ready: ReadyCluster;
let deps: ControlPlaneHealthDeps;
let owner: { id: string; email: string };
const log = createLogger({ level: "error" });
const never = new AbortController().signal;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = () => db.cluster.findUniqueOrThrow({ where: { id: ready.clusterId } });
const history = async () => (await db.clusterConnectionEvent.findMany({ where: { clusterId: ready.clusterId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((e) => `${e.fromStatus}->${e.toStatus}`);
const mailsAbout = (subject: RegExp) => smtp.messages.filter((m) => m.to.includes(owner.email) && subject.test(m.subject));
const deliver = async () => {
  const delivery = { db, log, now: () => new Date(), mailer, webhooks: new FetchWebhookSender() };
  while ((await deliverDueNotifications(delivery)) > 0);
};
const pass = () => probeControlPlanesTask.run(deps, never);

beforeAll(async () => {
  [kube, database, smtp] = await Promise.all([startKubeCluster(), createTestDatabase("control_plane_health"), startTestSmtpServer()]);
  db = createPrismaClient(database.url);
  const { userId } = await insertTestCluster(db);
  const user = await db.user.update({ where: { id: userId }, data: { locale: "en" } });
  owner = { id: user.id, email: user.email };
  ready = await provisionReadyCluster({ kube, db, ownerId: userId, name: "probed" });
  mailer = new SmtpMailer(parseConfig(smtp.env).smtp!);
  deps = {
    db,
    log,
    now: () => new Date(),
    resolver: new VclusterKubeconfigResolver({ kubeConfig: kube.kubeConfig(), route: "cluster-ip" }),
    readiness: new KubeControlPlaneReadinessProbe(),
    // A stopped stand-in leaves its Service without a backend (connections refused, as kube-proxy does for a Service
    // without endpoints); the timeout bounds a control plane that accepts but never answers.
    settings: { timeoutMs: 1_000, unreachableAfterMs: DEBOUNCE_MS, concurrency: 4 },
  };
}, 240_000);

afterAll(async () => {
  mailer?.close();
  await ready?.close();
  await db?.$disconnect();
  await database?.drop();
  await smtp?.close();
  await kube?.stop();
});

describe("control-plane health", () => {
  it("probes a ready cluster's /readyz: connected stays, and the row says when it was checked", async () => {
    const before = await row();
    const result = await pass();
    expect(result).toMatchObject({ probed: 1, failing: [], unreachable: [], connected: [], unrecorded: 0 });
    const after = await row();
    expect(after).toMatchObject({ connectionStatus: "connected", connectionFailingSince: null, connectionLastError: null });
    expect(after.connectionCheckedAt!.getTime()).toBeGreaterThanOrEqual(before.createdAt.getTime());
    expect(after.connectionStatusSince).toEqual(before.connectionStatusSince);
    expect(await history()).toEqual([]);
  });

  it("a stopped control plane turns unreachable within the debounce, recorded and notified once", async () => {
    const since = (await row()).connectionStatusSince;
    await ready.vc.stop();
    const first = await pass();
    expect(first.failing).toEqual([ready.clusterId]);
    expect(first.unreachable).toEqual([]);
    const failing = await row();
    expect(failing).toMatchObject({ connectionStatus: "connected", connectionLastError: expect.stringMatching(DOWN) });
    expect(failing.connectionStatusSince).toEqual(since);

    await sleep(DEBOUNCE_MS);
    const second = await pass();
    expect(second.unreachable).toEqual([ready.clusterId]);
    const down = await row();
    expect(down.connectionStatus).toBe("unreachable");
    expect(down.connectionFailingSince).toEqual(failing.connectionFailingSince);
    expect(down.connectionStatusSince).toEqual(down.connectionCheckedAt);
    expect(await history()).toEqual(["connected->unreachable"]);

    // Still down: no second transition, no second notification.
    expect((await pass()).unreachable).toEqual([]);
    await deliver();
    const mails = mailsAbout(/probed is unreachable/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(ready.clusterId);
    expect(mails[0]!.text).toContain(down.connectionLastError!);
    expect(await db.notificationDelivery.count({ where: { userId: owner.id, event: "cluster.unreachable" } })).toBe(1);
  });

  it("started again, the first good probe turns it connected and notifies the recovery once", async () => {
    const unreachableSince = (await row()).connectionStatusSince!;
    // Like a recreated vCluster Pod: the control plane comes back and exports Secret vc-<name> again.
    await kube.startVirtualCluster({ name: ready.vclusterName, namespace: ready.namespace });
    const back = await pass();
    expect(back).toMatchObject({ failing: [], connected: [ready.clusterId] });
    expect(await row()).toMatchObject({ connectionStatus: "connected", connectionFailingSince: null, connectionLastError: null });
    expect(await history()).toEqual(["connected->unreachable", "unreachable->connected"]);
    expect((await pass()).connected).toEqual([]);

    await deliver();
    const mails = mailsAbout(/probed is reachable again/);
    expect(mails).toHaveLength(1);
    const delivery = await db.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id, event: "cluster.recovered" } });
    expect((delivery.payload as { data: Record<string, unknown> }).data).toMatchObject({ cluster_id: ready.clusterId, unreachable_since: unreachableSince.toISOString() });
    expect(mailsAbout(/probed is unreachable/)).toHaveLength(1);
  });

  it("two passes racing for one transition record and notify it once; a job's write meanwhile wins", async () => {
    const current = await row();
    const read: ProbedCluster = { id: current.id, name: current.name, ownerId: current.ownerId, connectionStatus: current.connectionStatus, connectionStatusSince: current.connectionStatusSince, connectionFailingSince: current.connectionFailingSince };
    const decision = decideConnection({ status: "connected", failingSince: null }, { ok: false, error: "probe lost" }, new Date(), 0);
    const outcomes = await Promise.all([recordProbeOutcome(deps, read, decision), recordProbeOutcome(deps, read, decision)]);
    expect(outcomes.sort()).toEqual(["skipped", "unreachable"]);
    expect(await history()).toEqual(["connected->unreachable", "unreachable->connected", "connected->unreachable"]);
    expect(await db.notificationDelivery.count({ where: { userId: owner.id, event: "cluster.unreachable" } })).toBe(2);

    // The pass read `unreachable`, then public access was turned off (a job wrote `disabled`): the probe's recovery loses.
    const stale: ProbedCluster = { ...read, connectionStatus: "unreachable", connectionFailingSince: (await row()).connectionFailingSince };
    await db.cluster.update({ where: { id: read.id }, data: { connectionStatus: "disabled" } });
    const disabledSince = (await row()).connectionStatusSince;
    const recovery = decideConnection({ status: "unreachable", failingSince: stale.connectionFailingSince }, { ok: true }, new Date(), 0);
    expect(await recordProbeOutcome(deps, stale, recovery)).toBe("skipped");
    expect((await row()).connectionStatus).toBe("disabled");
    // The trigger keeps the time in state for writers that do not set it (the jobs).
    expect(disabledSince!.getTime()).toBeGreaterThan(read.connectionStatusSince!.getTime());
    // Disabled is the user's choice: a pass only records its check.
    expect((await pass()).connected).toEqual([]);
    expect((await row()).connectionStatus).toBe("disabled");
    expect(await db.notificationDelivery.count({ where: { userId: owner.id, event: "cluster.recovered" } })).toBe(1);
  });
});
