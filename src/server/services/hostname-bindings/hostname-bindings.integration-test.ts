import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { cnameTargetFor } from "@/server/domain/managed-ingress/cname-target";
import { MAX_HOSTNAME_BINDINGS_PER_CLUSTER } from "@/server/domain/managed-ingress/hostname-binding";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { reassignCnameTargets } from "@/server/services/settings/reassign-cname-targets";
import { createHostnameBinding } from "./create-hostname-binding";
import { deleteHostnameBinding } from "./delete-hostname-binding";
import { listHostnameBindings } from "./list-hostname-bindings";

let database: TestDatabase;
let db: Db;
const lines: string[] = [];
const deps = () => ({ db, log: createLogger({ write: (line) => lines.push(line) }) });
const origin = { ip: "198.51.100.9", userAgent: "vitest" };
const BASE = "apps.example.test";

const viewerOf = (id: string, role: "user" | "admin" = "user"): Viewer => ({ id, email: `${id}@example.test`, name: id, role, auth: { method: "session", sessionId: "ses_x" } });

/** A cluster with the CNAME target a create under BASE gives it. */
async function cluster(): Promise<{ owner: Viewer; clusterId: string }> {
  const { userId, clusterId } = await insertTestCluster(db);
  await db.cluster.update({ where: { id: clusterId }, data: { status: "ready", managedWorkloadIngressCnameTarget: cnameTargetFor(clusterId, BASE) } });
  return { owner: viewerOf(userId), clusterId };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  database = await createTestDatabase("hostname_bindings_service");
  db = createPrismaClient(database.url);
});

beforeEach(async () => {
  await db.systemSetting.upsert({ where: { key: "managed_workload_ingress_base_domain" }, create: { key: "managed_workload_ingress_base_domain", value: BASE }, update: { value: BASE } });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe("createHostnameBinding", () => {
  it(`refuses the binding after the ${MAX_HOSTNAME_BINDINGS_PER_CLUSTER}th of a cluster with a conflict that says what to do`, async () => {
    const { owner, clusterId } = await cluster();
    await db.hostnameBinding.createMany({
      data: Array.from({ length: MAX_HOSTNAME_BINDINGS_PER_CLUSTER - 1 }, (_, i) => ({ id: newId("hb"), clusterId, hostname: `h${i}.limit.example.org` })),
    });
    await createHostnameBinding(deps(), owner, { clusterId, hostname: "last.limit.example.org" }, origin);
    const error = await refusal(createHostnameBinding(deps(), owner, { clusterId, hostname: "one-more.limit.example.org" }, origin));
    expect([error.code, error.message]).toEqual([
      "CONFLICT",
      `Cluster ${clusterId} already has ${MAX_HOSTNAME_BINDINGS_PER_CLUSTER} hostname bindings, the most one cluster may have (${MAX_HOSTNAME_BINDINGS_PER_CLUSTER}). Delete one it no longer needs first.`,
    ]);
    expect(await db.hostnameBinding.count({ where: { clusterId } })).toBe(MAX_HOSTNAME_BINDINGS_PER_CLUSTER);
    expect((await listHostnameBindings(deps(), owner, clusterId, { limit: 200 })).items).toHaveLength(MAX_HOSTNAME_BINDINGS_PER_CLUSTER);
  });

  it("lets exactly one of two concurrent creates of a hostname win; the other gets the conflict naming it", async () => {
    const a = await cluster();
    const b = await cluster();
    const results = await Promise.allSettled([
      createHostnameBinding(deps(), a.owner, { clusterId: a.clusterId, hostname: "race.example.org" }, origin),
      createHostnameBinding(deps(), b.owner, { clusterId: b.clusterId, hostname: "Race.Example.org" }, origin),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect((rejected.reason as AppError).code).toBe("CONFLICT");
    expect((rejected.reason as AppError).message).toMatch(/^The hostname race\.example\.org is already bound/);
    expect(await db.hostnameBinding.count({ where: { hostname: "race.example.org" } })).toBe(1);
  });

  it("refuses clusters being deleted, and frees hostnames held by deleted clusters", async () => {
    const gone = await cluster();
    await createHostnameBinding(deps(), gone.owner, { clusterId: gone.clusterId, hostname: "legacy.example.org" }, origin);
    await db.cluster.update({ where: { id: gone.clusterId }, data: { status: "deleting" } });
    expect((await refusal(createHostnameBinding(deps(), gone.owner, { clusterId: gone.clusterId, hostname: "more.example.org" }, origin))).message).toBe(
      `Cluster ${gone.clusterId} is being deleted; hostnames can no longer be bound to it.`,
    );
    const next = await cluster();
    expect((await refusal(createHostnameBinding(deps(), next.owner, { clusterId: next.clusterId, hostname: "legacy.example.org" }, origin))).code).toBe("CONFLICT");
    await db.cluster.update({ where: { id: gone.clusterId }, data: { status: "deleted", deletedAt: new Date() } });
    const moved = await createHostnameBinding(deps(), next.owner, { clusterId: next.clusterId, hostname: "legacy.example.org" }, origin);
    expect(moved.cluster_id).toBe(next.clusterId);
    expect(await db.hostnameBinding.count({ where: { clusterId: gone.clusterId } })).toBe(0);
  });

  it("is NOT_FOUND for another user's cluster, allowed for an admin, and never writes on a refusal", async () => {
    const { clusterId } = await cluster();
    const stranger = viewerOf(newId("usr"));
    const error = await refusal(createHostnameBinding(deps(), stranger, { clusterId, hostname: "stranger.example.org" }, origin));
    expect([error.code, error.message]).toEqual(["NOT_FOUND", `Cluster ${clusterId} was not found.`]);
    expect((await refusal(deleteHostnameBinding(deps(), stranger, { clusterId, bindingId: "hb_x" }, origin))).message).toBe(`Cluster ${clusterId} was not found.`);
    const adminId = newId("usr");
    await db.user.create({ data: { id: adminId, email: `${adminId}@example.test`, name: "admin", role: "admin" } });
    const made = await createHostnameBinding(deps(), viewerOf(adminId, "admin"), { clusterId, hostname: "by-admin.example.org" }, origin);
    expect(made.cluster_id).toBe(clusterId);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "hostname_binding.create", actorUserId: adminId } });
    expect(audit).toMatchObject({ targetType: "cluster", targetId: clusterId, ip: "198.51.100.9", metadata: { binding_id: made.id, hostname: "by-admin.example.org", dns_management_scope: "self_managed" } });
    expect(await db.hostnameBinding.count({ where: { hostname: "stranger.example.org" } })).toBe(0);
  });
});

describe("reassignCnameTargets", () => {
  it("re-derives targets under the new domain, re-points bindings (back to pending), recomputes scopes, and touches nothing already right", async () => {
    const { owner, clusterId } = await cluster();
    const made = await createHostnameBinding(deps(), owner, { clusterId, hostname: "app.shop.example.org" }, origin);
    await db.hostnameBinding.update({ where: { id: made.id }, data: { status: "ready" } });
    const deleted = await cluster();
    await db.cluster.update({ where: { id: deleted.clusterId }, data: { status: "deleted" } });

    await db.$transaction((tx) => reassignCnameTargets(tx, "shop.example.org"));
    expect((await db.cluster.findUniqueOrThrow({ where: { id: clusterId } })).managedWorkloadIngressCnameTarget).toBe(`${clusterId.replace("_", "-")}.shop.example.org`);
    expect((await db.cluster.findUniqueOrThrow({ where: { id: deleted.clusterId } })).managedWorkloadIngressCnameTarget).toBeNull();
    expect(await db.hostnameBinding.findUniqueOrThrow({ where: { id: made.id } })).toMatchObject({
      recordTargetHostname: `${clusterId.replace("_", "-")}.shop.example.org`,
      dnsManagementScope: "platform_managed",
      status: "pending",
    });

    const again = await db.$transaction((tx) => reassignCnameTargets(tx, "shop.example.org"));
    expect(again).toEqual({ clusters: 0, bindings: 0 });
  });
});
