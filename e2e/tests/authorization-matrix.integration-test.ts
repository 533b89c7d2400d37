import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { createApiContext } from "@/server/api/context";
import { appRouter, createCaller } from "@/server/api/root";
import { generateApiKey } from "@/server/domain/auth/api-key-format";
import { newId } from "@/server/domain/ids";

/**
 * Who may call what, generated from the router definitions: every procedure of
 * appRouter must be classified below, and the classification is checked by
 * calling each procedure as nobody, as a normal user and as an admin. A new
 * procedure without a line here fails the first test; a new admin procedure is
 * probed for 403 (tRPC and REST, session and API key) without further work.
 *
 * The probe input is a Symbol, which no input schema accepts: a caller who gets
 * past the access checks is stopped by input validation (BAD_REQUEST), so no
 * resolver runs and the matrix changes nothing.
 */
type Access = "public" | "user" | "admin";

const ACCESS: Record<string, Access> = {
  // accounts (registration, password reset): reachable before login
  "accounts.register": "public",
  "accounts.verifyRegistration": "public",
  "accounts.resendRegistrationCode": "public",
  "accounts.requestPasswordReset": "public",
  "accounts.completePasswordReset": "public",
  // the caller's own account and resources (ownership is checked inside; see cluster-access-matrix)
  "me.get": "user",
  "me.signOutEverywhere": "user",
  "apiKeys.list": "user",
  "apiKeys.create": "user",
  "apiKeys.revoke": "user",
  "profile.get": "user",
  "profile.update": "user",
  "profile.uploadAvatar": "user",
  "profile.deleteAvatar": "user",
  "profile.changePassword": "user",
  "profile.requestEmailChange": "user",
  "profile.confirmEmailChange": "user",
  "profile.listSessions": "user",
  "profile.revokeSession": "user",
  "profile.revokeOtherSessions": "user",
  "clusters.list": "user",
  "clusters.get": "user",
  "clusters.create": "user",
  "clusters.update": "user",
  "clusters.delete": "user",
  "clusters.deletionPlan": "user",
  "clusters.listOperations": "user",
  "clusters.connectionEvents": "user",
  "clusters.kubectl": "user",
  "clusters.kubeconfig": "user",
  "clusters.hostStatus": "user",
  "clusters.metrics": "user",
  "joinSessions.get": "user",
  "joinSessions.list": "user",
  "joinTokens.create": "user",
  "joinTokens.list": "user",
  "joinTokens.get": "user",
  "joinTokens.revocationPreview": "user",
  "joinTokens.revoke": "user",
  "joinTokens.resetCommands": "user",
  "kubeconfigs.issue": "user",
  "kubeconfigs.revoke": "user",
  "kubeconfigs.listForCluster": "user",
  "kubeconfigs.listMine": "user",
  "kubeconfigs.breakGlass": "user",
  "hostnameBindings.list": "user",
  "hostnameBindings.create": "user",
  "hostnameBindings.delete": "user",
  "hostnameBindings.check": "user",
  "nodes.list": "user",
  "nodes.get": "user",
  "nodes.events": "user",
  "nodes.health": "user",
  "nodes.cordon": "user",
  "nodes.uncordon": "user",
  "nodes.drain": "user",
  "nodes.delete": "user",
  "activity.listMine": "user",
  "plans.listOffered": "user",
  "plans.usage": "user",
  "orders.listMine": "user",
  "orders.getMine": "user",
  // back office
  "admin.getOverview": "admin",
  "admin.listClusterJobs": "admin",
  "admin.forceDeleteCluster": "admin",
  "admin.getPlatformHealth": "admin",
  "admin.getDnsAutomationHealth": "admin",
  "adminUsers.list": "admin",
  "adminUsers.get": "admin",
  "adminUsers.changeRole": "admin",
  "adminUsers.disable": "admin",
  "adminUsers.enable": "admin",
  "settings.get": "admin",
  "settings.update": "admin",
  "settings.sendTestEmail": "admin",
  "activity.listAll": "admin",
  "plans.list": "admin",
  "plans.create": "admin",
  "plans.update": "admin",
  "plans.delete": "admin",
  "orders.list": "admin",
  "orders.create": "admin",
  "orders.pay": "admin",
  "orders.cancel": "admin",
  "orders.refund": "admin",
  // notifications
  "notifications.getPreferences": "user",
  "notifications.updatePreferences": "user",
  "notifications.setWebhook": "user",
  "notifications.deleteWebhook": "user",
  "notifications.listMyDeliveries": "user",
  "notifications.listAllDeliveries": "admin",
  "notifications.getDeliverySettings": "admin",
  "notifications.updateDeliverySettings": "admin",
};

interface ProcedureInfo {
  path: string;
  rest: { method: string; path: string } | null;
}

/** Every procedure of the app router, with its REST route when it has one. */
function procedures(): ProcedureInfo[] {
  const record = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: { method: string; path: string } } } }>;
  return Object.entries(record)
    .map(([path, p]) => ({ path, rest: p._def.meta?.openapi ? { method: p._def.meta.openapi.method, path: p._def.meta.openapi.path } : null }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

let api: InProcessApi;
let userCookie: string;
let userKey: string;
let adminCookie: string;

const PROBE = Symbol("authorization-matrix-probe");

/** Calls `path` through the server-side caller with the given headers; returns the tRPC error code (or "OK"). */
async function probe(path: string, headers: Record<string, string>): Promise<string> {
  const ctx = await createApiContext(api.runtime, { headers: new Headers(headers), method: "POST" });
  let target: unknown = createCaller(ctx);
  for (const segment of path.split(".")) target = (target as Record<string, unknown>)[segment];
  if (typeof target !== "function") throw new Error(`no procedure at ${path}`);
  try {
    await (target as (input: unknown) => Promise<unknown>)(PROBE);
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

const observedAccess = async (path: string): Promise<Access> => {
  if ((await probe(path, {})) !== "UNAUTHORIZED") return "public";
  return (await probe(path, { cookie: userCookie })) === "FORBIDDEN" ? "admin" : "user";
};

beforeAll(async () => {
  api = await startInProcessApi("authorization_matrix");
  const user = await api.createUser("user@example.test", "plain-user-password-1");
  userCookie = user.cookie;
  const key = generateApiKey();
  await api.runtime.deps.db.apiKey.create({ data: { id: newId("key"), userId: user.id, name: "matrix", prefix: key.prefix, keyHash: key.hash } });
  userKey = key.key;
  adminCookie = (await api.login("admin@example.test", "correct-horse-battery-staple")).cookie;
});

afterAll(() => api?.close());

describe("authorization matrix", () => {
  it("classifies every procedure of the router as public, user or admin", () => {
    const paths = procedures().map((p) => p.path);
    expect(paths.length).toBeGreaterThanOrEqual(40);
    expect(
      paths.filter((p) => !(p in ACCESS)),
      "classify these procedures in ACCESS",
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((p) => !paths.includes(p)),
      "ACCESS lists procedures that no longer exist",
    ).toEqual([]);
  });

  it("enforces the classification: anonymous callers get UNAUTHORIZED, normal users FORBIDDEN on admin procedures", async () => {
    const observed: Record<string, Access> = {};
    for (const { path } of procedures()) observed[path] = await observedAccess(path);
    const declared = Object.fromEntries(procedures().map(({ path }) => [path, ACCESS[path]]));
    expect(observed).toEqual(declared);
  });

  it("stops every caller who passes the access check at input validation, so the probe changed nothing", async () => {
    for (const { path } of procedures()) {
      const access = ACCESS[path];
      const who: Record<string, string> = access === "admin" ? { cookie: adminCookie } : access === "user" ? { cookie: userCookie } : {};
      expect(await probe(path, who), path).toBe("BAD_REQUEST");
    }
  });

  it("answers a normal user 403 and nobody 401 on every admin REST route, by session and by API key", async () => {
    const adminRoutes = procedures().filter((p) => ACCESS[p.path] === "admin" && p.rest);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    for (const { path, rest } of adminRoutes) {
      const method = rest!.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const url = rest!.path.replace(/\{[^}]+\}/g, "probe");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      for (const auth of [{ cookie: userCookie }, { token: userKey }]) {
        const res = await api.rest(method, url, { ...auth, body });
        const label = `${method} ${rest!.path} (${path}) as user via ${"token" in auth ? "API key" : "session"}`;
        expect(res.status, label).toBe(403);
        expect(((await res.json()) as { message?: string }).message, label).toBe("This action needs an administrator account.");
      }
      expect((await api.rest(method, url, { body })).status, `${method} ${rest!.path} anonymously`).toBe(401);
    }
  });
});
