import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { createApiContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";

/**
 * A platform started with no host cluster (no KUBEBYON_KUBECONFIG_PATH, no
 * KUBECONFIG, not in a pod): a create is refused at once with 503 and the
 * setting to fix, over REST and tRPC, and nothing is written — before, it was
 * accepted and its job retried five times before ending in `error`.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };

beforeAll(async () => {
  api = await startInProcessApi("clusters_without_host", { KUBEBYON_KUBECONFIG_PATH: "", KUBECONFIG: "" });
  alice = await api.createUser("alice@example.test", "alice-password-123");
});
afterAll(() => api?.close());

async function rowCounts() {
  const db = api.runtime.deps.db;
  const [clusters, operations, jobs, audits] = await Promise.all([
    db.cluster.count(),
    db.clusterOperation.count(),
    db.clusterJob.count(),
    db.auditEvent.count({ where: { action: "cluster.create" } }),
  ]);
  return { clusters, operations, jobs, audits };
}

describe("creating a cluster without a host cluster", () => {
  it("answers POST /clusters with 503 naming KUBEBYON_KUBECONFIG_PATH, and writes nothing", async () => {
    const before = await rowCounts();
    const res = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name: "demo" } });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { code?: string; message?: string };
    expect(body.code).toBe("SERVICE_UNAVAILABLE");
    expect(body.message).toMatch(/^Clusters cannot be created on this platform yet: no host Kubernetes cluster is configured: set KUBEBYON_KUBECONFIG_PATH/);
    expect(body.message).toMatch(/run KubeBYON inside the cluster with a service account/);
    expect(await rowCounts()).toEqual(before);
    expect(before.clusters).toBe(0);
  });

  it("refuses the tRPC create with SERVICE_UNAVAILABLE too", async () => {
    const caller = createCaller(await createApiContext(api.runtime, { headers: new Headers({ cookie: alice.cookie }), method: "POST" }));
    const err = await caller.clusters.create({ name: "demo" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("SERVICE_UNAVAILABLE");
    expect((err as TRPCError).message).toMatch(/KUBEBYON_KUBECONFIG_PATH/);
    expect((await rowCounts()).clusters).toBe(0);
  });

  it("tells the console's cluster list, which shows the fix", async () => {
    const caller = createCaller(await createApiContext(api.runtime, { headers: new Headers({ cookie: alice.cookie }), method: "GET" }));
    const status = await caller.clusters.hostStatus();
    expect(status.configured).toBe(false);
    expect(status.fix).toMatch(/KUBEBYON_KUBECONFIG_PATH/);
    // The create and edit forms' loadbalancer hint and host check follow the deployment's provider (binary default).
    expect(status.public_access_provider).toBe("servicelb");
  });
});

describe("GET /api/console/admin/platform-health", () => {
  it("tells an administrator what is missing, with every other check still reported", async () => {
    const admin = await api.createUser("ops@example.test", "ops-password-12345", "admin");
    const res = await api.rest("GET", "/admin/platform-health", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checked_at: string; checks: Array<{ name: string; status: string; detail: string; next_step: string | null; missing: string[]; duration_ms: number }> };
    expect(body.status).toBe("error");
    expect(body.checks.map((c) => c.name)).toEqual(["host_apiserver", "host_permissions", "helm", "vcluster_chart", "platform_api_key_secret", "public_access", "rabbitmq", "smtp", "background_work"]);
    const host = body.checks.find((c) => c.name === "host_apiserver")!;
    expect(host).toMatchObject({ status: "error", detail: "No host cluster is configured, so clusters cannot be created.", next_step: expect.stringMatching(/KUBEBYON_KUBECONFIG_PATH/) });
    expect(body.checks.find((c) => c.name === "rabbitmq")?.status).toBe("skipped");
    for (const check of body.checks) expect(typeof check.duration_ms).toBe("number");
  });

  it("is for administrators only", async () => {
    const res = await api.rest("GET", "/admin/platform-health", { cookie: alice.cookie });
    expect(res.status).toBe(403);
  });
});

