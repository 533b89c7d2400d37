import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * Orders and the current plan through the REST adapter on a real database:
 * pay grants the plan (GET /plan), refund ends it, cancel/refund/pay refused
 * from the wrong state with 409, users see only their own orders, the
 * default plan applies without a paid order, and cluster creation is capped
 * by the current plan.
 */
let api: InProcessApi;
let admin: { id: string; cookie: string };
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let basicId: string;
let proId: string;

type Body = Record<string, unknown> & { id: string; message?: string };

async function call(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, cookie: string, body?: unknown): Promise<{ status: number; body: Body }> {
  // The REST adapter wants a JSON body on every POST, even an action without fields (…/pay): send {}.
  const res = await api.rest(method, path, { cookie, body: body ?? (method === "POST" ? {} : undefined) });
  return { status: res.status, body: (await res.json()) as Body };
}

beforeAll(async () => {
  api = await startInProcessApi("billing_orders");
  admin = await api.createUser("boss@example.test", "boss-password-123", "admin");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  basicId = (await call("POST", "/admin/plans", admin.cookie, { code: "basic", name: "Basic", cluster_quota: 1, node_quota: 1, price_cents: 500, is_default: true })).body.id;
  proId = (
    await call("POST", "/admin/plans", admin.cookie, { code: "pro", name: "Pro", cluster_quota: 2, node_quota: 5, price_cents: 2000, cpu_quota: "8", memory_quota: "16Gi" })
  ).body.id;
});
afterAll(() => api?.close());

const plan = async (cookie: string) => (await call("GET", "/plan", cookie)).body as Body & { plan: { code: string } | null; source: string; granted_until: string | null };

describe("orders", () => {
  let paidId: string;

  it("gives a user without a paid order the default plan", async () => {
    expect(await plan(alice.cookie)).toMatchObject({ plan: { code: "basic" }, source: "default", order_id: null, clusters: { used: 0, allowed: 1 } });
  });

  it("creates a pending order that grants nothing until paid", async () => {
    const created = await call("POST", "/admin/orders", admin.cookie, { user_id: alice.id, plan_id: proId, period_months: 3 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: "pending", amount_cents: 6000, currency: "USD", period_months: 3, plan_code: "pro", user_email: "alice@example.test", grant_active: false, starts_at: null });
    paidId = created.body.id;
    expect((await plan(alice.cookie)).source).toBe("default");
  });

  it("marking it paid makes it the user's plan for the period", async () => {
    const paid = await call("POST", `/admin/orders/${paidId}/pay`, admin.cookie);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", grant_active: true });
    const startsAt = new Date(paid.body.starts_at as string);
    const endsAt = new Date(paid.body.ends_at as string);
    expect(endsAt.getUTCMonth()).toBe((startsAt.getUTCMonth() + 3) % 12);
    expect(await plan(alice.cookie)).toMatchObject({ plan: { code: "pro" }, source: "order", order_id: paidId, granted_until: paid.body.ends_at, clusters: { used: 0, allowed: 2 } });
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "order.pay", targetId: paidId } });
    expect(audit).toMatchObject({ actorUserId: admin.id, metadata: { from: "pending", to: "paid", user_id: alice.id } });
  });

  it("refuses transitions the order's state does not allow, with 409 and what to do instead", async () => {
    const payAgain = await call("POST", `/admin/orders/${paidId}/pay`, admin.cookie);
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.message).toBe("This order is paid. Only a pending order can be marked paid; create a new order instead.");
    const cancelPaid = await call("POST", `/admin/orders/${paidId}/cancel`, admin.cookie);
    expect(cancelPaid.status).toBe(409);
    expect(cancelPaid.body.message).toMatch(/refund a paid order instead/);

    const pending = await call("POST", "/admin/orders", admin.cookie, { user_id: alice.id, plan_id: basicId, amount_cents: 0, note: "trial" });
    const refundPending = await call("POST", `/admin/orders/${pending.body.id}/refund`, admin.cookie);
    expect(refundPending.status).toBe(409);
    expect(refundPending.body.message).toMatch(/^This order is pending\. Only a paid order can be refunded/);
    const cancelled = await call("POST", `/admin/orders/${pending.body.id}/cancel`, admin.cookie);
    expect(cancelled.body).toMatchObject({ status: "cancelled", amount_cents: 0, note: "trial" });
    expect(cancelled.body.cancelled_at).toEqual(expect.any(String));
    expect((await call("POST", `/admin/orders/${pending.body.id}/pay`, admin.cookie)).status).toBe(409);
    expect((await call("POST", "/admin/orders/ord_missing/pay", admin.cookie)).status).toBe(404);
  });

  it("caps cluster creation by the current plan and names the limit", async () => {
    // Pro allows 2 clusters.
    for (const name of ["a1", "a2"]) expect((await call("POST", "/clusters", alice.cookie, { name, control_plane_host: "203.0.113.1" })).status).toBe(200);
    const third = await call("POST", "/clusters", alice.cookie, { name: "a3", control_plane_host: "203.0.113.1" });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('Your plan "Pro" allows 2 cluster(s) and you have 2. Delete a cluster or ask an administrator for a bigger plan first.');
    const first = await api.runtime.deps.db.cluster.findFirstOrThrow({ where: { ownerId: alice.id, name: "a1" } });
    // The plan's quota is the cluster's ResourceQuota snapshot.
    expect(first).toMatchObject({ planId: proId, nodeQuota: 5, cpuQuota: "8", memoryQuota: "16Gi" });
    expect(await plan(alice.cookie)).toMatchObject({ clusters: { used: 2, allowed: 2 }, cluster_usage: [{ name: "a1", nodes_used: 0, nodes_allowed: 5 }, { name: "a2" }] });
  });

  it("refunding ends the grant at once: the user is back on the default plan and its quota", async () => {
    const refunded = await call("POST", `/admin/orders/${paidId}/refund`, admin.cookie);
    expect(refunded.body).toMatchObject({ status: "refunded", grant_active: false });
    expect(refunded.body.refunded_at).toEqual(expect.any(String));
    expect(await plan(alice.cookie)).toMatchObject({ plan: { code: "basic" }, source: "default", clusters: { used: 2, allowed: 1 } });
    const refused = await call("POST", "/clusters", alice.cookie, { name: "a4", control_plane_host: "203.0.113.1" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Your plan "Basic" allows 1 cluster\(s\) and you have 2\./);
  });

  it("renews a running grant of the same plan from its end", async () => {
    const first = await call("POST", "/admin/orders", admin.cookie, { user_id: bob.id, plan_id: proId });
    const paid1 = await call("POST", `/admin/orders/${first.body.id}/pay`, admin.cookie);
    const second = await call("POST", "/admin/orders", admin.cookie, { user_id: bob.id, plan_id: proId, period_months: 2 });
    const paid2 = await call("POST", `/admin/orders/${second.body.id}/pay`, admin.cookie);
    expect(paid2.body.starts_at).toBe(paid1.body.ends_at);
    expect(paid2.body.grant_active).toBe(false);
    expect(await plan(bob.cookie)).toMatchObject({ source: "order", order_id: first.body.id });
  });

  it("without an active default plan and a paid order there is no plan and no quota", async () => {
    await call("PATCH", `/admin/plans/${basicId}`, admin.cookie, { active: false });
    expect(await plan(alice.cookie)).toMatchObject({ plan: null, source: "none", clusters: { used: 2, allowed: null } });
    expect((await call("POST", "/clusters", alice.cookie, { name: "a5", control_plane_host: "203.0.113.1" })).status).toBe(200);
    await call("PATCH", `/admin/plans/${basicId}`, admin.cookie, { active: true, is_default: true });
  });

  it("lists a user's own orders only; another user's order is NOT_FOUND", async () => {
    const mine = await call("GET", "/orders", alice.cookie);
    const items = mine.body.items as Array<{ user_id: string; status: string }>;
    expect(mine.body.next_cursor).toBeNull();
    expect(items.every((o) => o.user_id === alice.id)).toBe(true);
    expect(items.map((o) => o.status)).toEqual(["cancelled", "refunded"]);
    expect((await call("GET", `/orders/${paidId}`, alice.cookie)).body).toMatchObject({ id: paidId, status: "refunded" });
    const foreign = await call("GET", `/orders/${paidId}`, bob.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`Order ${paidId} was not found.`);
    expect((await call("GET", "/orders?status=refunded", bob.cookie)).body).toEqual({ items: [], next_cursor: null });
  });

  it("lets admins filter and page every order", async () => {
    const all = await call("GET", "/admin/orders?limit=2", admin.cookie);
    expect((all.body.items as unknown[]).length).toBe(2);
    expect(all.body.next_cursor).toEqual(expect.any(String));
    const bobs = await call("GET", `/admin/orders?user_id=${bob.id}&status=paid`, admin.cookie);
    expect((bobs.body.items as Body[]).map((o) => [o.user_id, o.status])).toEqual([
      [bob.id, "paid"],
      [bob.id, "paid"],
    ]);
    const page2 = await call("GET", `/admin/orders?limit=2&cursor=${String(all.body.next_cursor)}`, admin.cookie);
    expect(page2.body.next_cursor).toBeNull();
    const ids = [...(all.body.items as Body[]), ...(page2.body.items as Body[])].map((o) => o.id);
    expect(new Set(ids).size).toBe(4);
  });

  it("validates order input and refuses inactive plans and unknown users", async () => {
    const badPeriod = await call("POST", "/admin/orders", admin.cookie, { user_id: alice.id, plan_id: proId, period_months: 37 });
    expect(badPeriod.status).toBe(400);
    expect(JSON.stringify(badPeriod.body)).toContain("period_months must be a whole number from 1 to 36");
    expect((await call("POST", "/admin/orders", admin.cookie, { user_id: "usr_missing", plan_id: proId })).status).toBe(404);
    const retired = (await call("POST", "/admin/plans", admin.cookie, { code: "old", name: "Old", cluster_quota: 1, node_quota: 1, active: false })).body.id;
    const inactive = await call("POST", "/admin/orders", admin.cookie, { user_id: alice.id, plan_id: retired });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe('Plan "old" is inactive. Activate it first or choose an active plan.');
  });

  it("answers a normal user FORBIDDEN on every admin order path, and changes nothing", async () => {
    const order = await call("POST", "/admin/orders", admin.cookie, { user_id: alice.id, plan_id: proId });
    const attempts = [
      await call("GET", "/admin/orders", alice.cookie),
      await call("POST", "/admin/orders", alice.cookie, { user_id: alice.id, plan_id: proId }),
      await call("POST", `/admin/orders/${order.body.id}/pay`, alice.cookie),
      await call("POST", `/admin/orders/${order.body.id}/cancel`, alice.cookie),
      await call("POST", `/admin/orders/${order.body.id}/refund`, alice.cookie),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await api.runtime.deps.db.order.findUniqueOrThrow({ where: { id: order.body.id } })).status).toBe("pending");
    expect(await api.runtime.deps.db.order.count({ where: { userId: alice.id } })).toBe(3);
  });
});
