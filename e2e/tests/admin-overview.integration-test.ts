import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { newId } from "@/server/domain/ids";

/**
 * GET /admin/overview (and admin.getOverview) with the platform-wide node and job backlog figures,
 * through the real REST adapter on a real database: nodes by last observed status, counting only
 * nodes that still exist in clusters that are not deleted; the job backlog; and the OpenAPI
 * document describing the same fields.
 */
let api: InProcessApi;
let adminCookie: string;

beforeAll(async () => {
  api = await startInProcessApi("admin_overview");
  ({ cookie: adminCookie } = await api.createUser("overview-admin@example.test", "overview-admin-password", "admin"));
});

afterAll(() => api?.close());

async function seedCluster(status: "ready" | "error" | "deleted", nodes: Array<{ status: "ready" | "not_ready" | "unknown"; removed?: boolean }>): Promise<string> {
  const db = api.runtime.deps.db;
  const ownerId = newId("usr");
  const clusterId = newId("cl");
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "owner" } });
  const name = clusterId.replace(/_/g, "-");
  await db.cluster.create({ data: { id: clusterId, ownerId, name: "c", vclusterName: name, namespace: name, status, deletedAt: status === "deleted" ? new Date() : null } });
  for (const [i, node] of nodes.entries()) {
    await db.node.create({ data: { id: newId("nd"), clusterId, name: `node-${i}`, status: node.status, deletedAt: node.removed ? new Date() : null } });
  }
  return clusterId;
}

describe("admin overview", () => {
  it("counts nodes by status across live clusters only, and reports the job backlog", async () => {
    const live = await seedCluster("ready", [{ status: "ready" }, { status: "ready" }, { status: "not_ready" }, { status: "ready", removed: true }]);
    await seedCluster("error", [{ status: "unknown" }, { status: "not_ready" }]);
    // A deleted cluster's nodes are history, not platform capacity.
    await seedCluster("deleted", [{ status: "ready" }, { status: "not_ready" }]);
    const queuedAt = new Date(Date.now() - 90_000);
    const job = await api.runtime.deps.jobs.enqueue({ clusterId: live, kind: "cluster.update", payload: {} });
    await api.runtime.deps.db.clusterJob.update({ where: { id: job.id }, data: { createdAt: queuedAt } });
    await api.runtime.deps.jobs.enqueue({ clusterId: live, kind: "cluster.update", payload: {} });

    const res = await api.rest("GET", "/admin/overview", { cookie: adminCookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      clusters: { total: number; by_status: Record<string, number> };
      nodes: { total: number; by_status: Record<string, number> };
      cluster_jobs: { by_status: Record<string, number>; oldest_pending_at: string | null; expired_leases: number };
    };
    expect(body.nodes).toEqual({ total: 5, by_status: { ready: 2, not_ready: 2, unknown: 1 } });
    expect(body.clusters).toMatchObject({ total: 2, by_status: { ready: 1, error: 1, deleted: 1 } });
    expect(body.cluster_jobs.by_status.pending).toBe(2);
    expect(body.cluster_jobs.oldest_pending_at).toBe(queuedAt.toISOString());
    expect(body.cluster_jobs.expired_leases).toBe(0);
  });

  it("answers zeros for every node status on a platform without nodes", async () => {
    const { getPlatformOverview } = await import("@/server/services/admin/get-platform-overview");
    await api.runtime.deps.db.node.deleteMany({});
    const overview = await getPlatformOverview(api.runtime.deps);
    expect(overview.nodes).toEqual({ total: 0, by_status: { ready: 0, not_ready: 0, unknown: 0 } });
  });

  it("describes the node figures in the OpenAPI document", async () => {
    const { GET } = await import("@/app/api/openapi.json/route");
    const doc = (await (await GET()).json()) as { paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }> };
    const schema = JSON.stringify(doc.paths["/admin/overview"]?.get?.responses["200"]?.content["application/json"]?.schema);
    expect(schema).toContain('"nodes"');
    expect(schema).toContain('"not_ready"');
  });
});
