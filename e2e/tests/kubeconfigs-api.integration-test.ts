import { execFile } from "node:child_process";
import { createPrivateKey, sign } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CoreV1Api, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "@e2e/env/grant-plan";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { ensureKubeTools } from "@e2e/env/kube-tools";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { waitFor } from "@e2e/env/wait-for";
import { newId } from "@/server/domain/ids";
import { ACCESS_NAMESPACE } from "@/server/infra/kube/service-account-access-issuer";
import { cleanExpiredKubeconfigs } from "@/server/services/kubeconfigs/clean-expired-kubeconfigs";
import type { IssuedKubeconfig } from "@/server/services/kubeconfigs/issue-kubeconfig";
import type { KubeconfigCredentialView } from "@/server/services/kubeconfigs/kubeconfig-credential-view";

/**
 * Issue 15 part 3 on real parts: per-user kubeconfigs are ServiceAccount tokens from the TokenRequest API of a
 * stand-in vCluster (a real kube-apiserver with kube-controller-manager, which aggregates the built-in `view` role
 * as in a real vCluster), used by stock kubectl through the cluster's public endpoint (127.0.0.1:<nodePort>).
 */
const run = promisify(execFile);
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let kubectlBin: string;
let dir: string;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  kube = await startKubeCluster();
  api = await startInProcessApi("kubeconfigs_api", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  admin = await api.createUser("operator@example.test", "operator-password-123", "admin");
  ready = await provisionReadyCluster({ kube, db: api.runtime.deps.db, ownerId: alice.id, name: "kc-alpha", controllerManager: true });
  kubectlBin = (await ensureKubeTools()).kubectl;
  dir = await mkdtemp(path.join(tmpdir(), "kubeconfigs-"));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  await ready?.close();
  await api?.close();
  await kube?.stop();
});

type Kubectl = { ok: boolean; out: string };
let files = 0;
/** Stock kubectl with the downloaded file and nothing else (no ambient config). */
async function kubectl(kubeconfig: string, ...args: string[]): Promise<Kubectl> {
  const file = path.join(dir, `kubeconfig-${++files}.yaml`);
  await writeFile(file, kubeconfig, { mode: 0o600 });
  try {
    const { stdout, stderr } = await run(kubectlBin, ["--kubeconfig", file, "--request-timeout=15s", ...args], { env: { ...process.env, KUBECONFIG: file, HOME: dir } });
    return { ok: true, out: stdout + stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

async function issue(user: { cookie: string }, body: Record<string, unknown> = {}, clusterId = ready.clusterId) {
  const res = await api.rest("POST", `/clusters/${clusterId}/kubeconfigs`, { cookie: user.cookie, body });
  return { status: res.status, body: (await res.json()) as IssuedKubeconfig & { message?: string } };
}

const tokenOf = (kubeconfig: string) => /token: "([^"]+)"/.exec(kubeconfig)?.[1] ?? "";
const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");
function claimsOf(token: string): { iat: number; nbf: number; exp: number; sub: string } & Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { iat: number; nbf: number; exp: number; sub: string };
}

describe("per-user kubeconfigs", () => {
  let owner: IssuedKubeconfig;

  it("gives the owner an admin ServiceAccount token that stock kubectl uses, living the platform's default 8 h", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await issue(alice);
    expect(res.status).toBe(200);
    owner = res.body;
    expect(owner.credential).toMatchObject({ access: "admin", state: "active", user_id: alice.id, cluster_name: "kc-alpha", revoked_at: null });
    expect(owner.kubeconfig).toContain(`server: "https://127.0.0.1:${ready.nodePort}"`);
    expect(owner.kubeconfig).not.toContain("client-certificate-data");

    const ns = await kubectl(owner.kubeconfig, "get", "namespaces", "-o", "name");
    expect(ns).toMatchObject({ ok: true });
    expect(ns.out).toContain(`namespace/${ACCESS_NAMESPACE}`);
    expect(await kubectl(owner.kubeconfig, "create", "configmap", "by-owner", "-n", "default")).toMatchObject({ ok: true });

    const claims = claimsOf(tokenOf(owner.kubeconfig));
    expect(claims.sub).toBe(`system:serviceaccount:${ACCESS_NAMESPACE}:${owner.credential.service_account_name}`);
    expect(claims.exp - claims.iat).toBe(28_800);
    expect(claims.iat).toBeGreaterThanOrEqual(before - 1);
    expect(new Date(owner.expires_at).getTime()).toBe(claims.exp * 1000);

    const sa = await ready.vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedServiceAccount({ name: owner.credential.service_account_name, namespace: ACCESS_NAMESPACE });
    expect(sa.metadata?.labels).toMatchObject({ "app.kubernetes.io/managed-by": "kubebyon", "kubebyon.io/user-id": alice.id, "kubebyon.io/credential-id": owner.credential.id });
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "kubeconfig.issue", targetId: ready.clusterId } });
    expect(audit.metadata).toEqual({ credential_id: owner.credential.id, access: "admin", expires_at: owner.expires_at });
  });

  it("caps the lifetime at the owner's current plan, whatever was asked for", async () => {
    const plan = await api.runtime.deps.db.plan.create({ data: { id: newId("pln"), code: "kc-cap", name: "Cap", clusterQuota: 5, nodeQuota: 5, kubeconfigMaxTtlSeconds: 1_200 } });
    const order = await grantPlan(api.runtime.deps.db, alice.id, plan.id);
    try {
      const res = await issue(alice, { ttl_seconds: 7_200 });
      expect(res.status).toBe(200);
      const claims = claimsOf(tokenOf(res.body.kubeconfig));
      expect(claims.exp - claims.iat).toBe(1_200);
    } finally {
      await api.runtime.deps.db.order.delete({ where: { id: order } });
    }
    const unbounded = await issue(alice, { ttl_seconds: 7_200 });
    const claims = claimsOf(tokenOf(unbounded.body.kubeconfig));
    expect(claims.exp - claims.iat).toBe(7_200);
    expect((await issue(alice, { ttl_seconds: 300 })).status).toBe(400);
  });

  it("makes a view credential read-only: reads everywhere but Secrets, no writes", async () => {
    const res = await issue(alice, { access: "view", ttl_seconds: 3_600 });
    expect(res.status).toBe(200);
    const view = res.body.kubeconfig;
    expect(await kubectl(view, "get", "pods", "-A")).toMatchObject({ ok: true });
    expect(await kubectl(view, "get", "configmaps", "-n", "default")).toMatchObject({ ok: true });
    expect(await kubectl(view, "get", "nodes")).toMatchObject({ ok: true });
    expect(await kubectl(view, "get", "namespaces")).toMatchObject({ ok: true });
    const write = await kubectl(view, "create", "configmap", "by-viewer", "-n", "default");
    expect(write.ok).toBe(false);
    expect(write.out).toMatch(/forbidden/i);
    const secrets = await kubectl(view, "get", "secrets", "-n", "default");
    expect(secrets.ok).toBe(false);
    expect(secrets.out).toMatch(/forbidden/i);
  });

  it("gives a platform admin view only on someone else's cluster, and other users nothing", async () => {
    const byAdmin = await issue(admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.credential).toMatchObject({ access: "view", user_id: admin.id });
    const asAdmin = await issue(admin, { access: "admin" });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toMatch(/Only the cluster's owner can take an admin kubeconfig/);
    expect((await issue(bob)).status).toBe(404);
    expect((await issue(bob, { access: "view" })).status).toBe(404);
  });

  it("ends a credential on revoke: the next request fails, a 401 follows within the apiserver's token cache; revoking again changes nothing", async () => {
    const res = await issue(alice, { ttl_seconds: 3_600 });
    const { kubeconfig, credential } = res.body;
    expect(await kubectl(kubeconfig, "get", "ns")).toMatchObject({ ok: true });

    expect((await api.rest("DELETE", `/clusters/${ready.clusterId}/kubeconfigs/${credential.id}`, { cookie: bob.cookie })).status).toBe(404);
    const revoked = await api.rest("DELETE", `/clusters/${ready.clusterId}/kubeconfigs/${credential.id}`, { cookie: alice.cookie });
    expect(revoked.status).toBe(200);
    const view = (await revoked.json()) as KubeconfigCredentialView;
    expect(view).toMatchObject({ id: credential.id, state: "revoked" });

    // At once: the bindings are gone, so the token is allowed nothing (403, or 401 when the apiserver has not cached
    // its earlier authentication). Within the apiserver's 10 s token-authentication cache the token itself is refused.
    const after = await kubectl(kubeconfig, "get", "ns");
    expect(after.ok).toBe(false);
    expect(after.out).toMatch(/Forbidden|Unauthorized|You must be logged in/);
    const refused = await waitFor("the revoked token to be refused (401)", () => kubectl(kubeconfig, "get", "ns"), (r) => /Unauthorized|You must be logged in/.test(r.out), 20_000);
    expect(refused.ok).toBe(false);
    const bindings = await ready.vc.kubeConfig().makeApiClient(RbacAuthorizationV1Api).listClusterRoleBinding({ labelSelector: `kubebyon.io/credential-id=${credential.id}` });
    expect(bindings.items).toEqual([]);

    const again = await api.rest("DELETE", `/clusters/${ready.clusterId}/kubeconfigs/${credential.id}`, { cookie: alice.cookie });
    expect(again.status).toBe(200);
    expect(((await again.json()) as KubeconfigCredentialView).revoked_at).toBe(view.revoked_at);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { action: "kubeconfig.revoke", targetId: ready.clusterId } })).toBe(1);

    const mine = (await (await api.rest("GET", "/profile/kubeconfigs", { cookie: alice.cookie })).json()) as { items: KubeconfigCredentialView[] };
    expect(mine.items.find((c) => c.id === credential.id)).toMatchObject({ state: "revoked", cluster_name: "kc-alpha" });
    const active = (await (await api.rest("GET", `/clusters/${ready.clusterId}/kubeconfigs`, { cookie: alice.cookie })).json()) as { items: KubeconfigCredentialView[] };
    expect(active.items.map((c) => c.id)).not.toContain(credential.id);
    expect(active.items.map((c) => c.user_id)).toContain(admin.id);
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/kubeconfigs`, { cookie: bob.cookie })).status).toBe(404);
  });

  it("lets the cluster owner revoke a credential an admin holds on their cluster", async () => {
    const byAdmin = await issue(admin);
    const res = await api.rest("DELETE", `/clusters/${ready.clusterId}/kubeconfigs/${byAdmin.body.credential.id}`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(await kubectl(byAdmin.body.kubeconfig, "get", "ns")).toMatchObject({ ok: false });
  });

  it("refuses an expired token", async () => {
    // The TokenRequest API issues nothing shorter than 10 minutes, so the test makes the expired token itself: the
    // issued token's claims with iat/nbf/exp moved into the past, re-signed with the stand-in apiserver's own
    // service-account signing key (its PKI). The same claims re-signed with a future exp are accepted: the 401 is
    // the expiry, not a bad signature.
    const res = await issue(alice, { access: "view", ttl_seconds: 3_600 });
    const token = tokenOf(res.body.kubeconfig);
    const header = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    const key = createPrivateKey(await readFile(ready.vc.serviceAccountSigningKeyFile, "utf8"));
    const resign = (claims: Record<string, unknown>) => {
      const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
      return `${input}.${b64url(sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" }))}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const withToken = (t: string) => res.body.kubeconfig.replace(token, t);
    const claims = claimsOf(token);
    expect(await kubectl(withToken(resign({ ...claims, iat: now - 60, nbf: now - 60, exp: now + 600 })), "get", "ns")).toMatchObject({ ok: true });
    const expired = await kubectl(withToken(resign({ ...claims, iat: now - 7_200, nbf: now - 7_200, exp: now - 3_600 })), "get", "ns");
    expect(expired.ok).toBe(false);
    expect(expired.out).toMatch(/Unauthorized|You must be logged in/);
  });

  it("cleans the ServiceAccounts of expired credentials and skips a cluster it cannot reach", async () => {
    const res = await issue(alice, { ttl_seconds: 3_600 });
    const { credential } = res.body;
    const db = api.runtime.deps.db;
    // A second cluster whose vCluster is not there (no Secret vc-ghost): the pass must skip it, not fail.
    const ghostId = newId("cl");
    await db.cluster.create({ data: { id: ghostId, ownerId: alice.id, name: "ghost", vclusterName: "ghost", namespace: "ghost-ns", status: "ready", controlPlaneHost: "127.0.0.1", publicAccessEnabled: true, publicAccessMode: "nodeport" } });
    const ghostCredential = newId("kc");
    await db.kubeconfigCredential.create({ data: { id: ghostCredential, clusterId: ghostId, userId: alice.id, access: "view", serviceAccountName: "kubebyon-ghost", expiresAt: new Date(Date.now() - 60_000) } });
    await db.kubeconfigCredential.update({ where: { id: credential.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });

    const result = await cleanExpiredKubeconfigs(api.runtime.deps.kubeconfigs);
    expect(result.cleaned).toContain(credential.id);
    expect(result.cleaned).not.toContain(ghostCredential);
    expect(result.skippedClusters.map((s) => s.clusterId)).toEqual([ghostId]);
    expect(await kubectl(res.body.kubeconfig, "get", "ns")).toMatchObject({ ok: false });
    expect((await db.kubeconfigCredential.findUniqueOrThrow({ where: { id: credential.id } })).cleanedAt).not.toBeNull();
    expect((await db.kubeconfigCredential.findUniqueOrThrow({ where: { id: ghostCredential } })).cleanedAt).toBeNull();
    const mine = (await (await api.rest("GET", "/profile/kubeconfigs", { cookie: alice.cookie })).json()) as { items: KubeconfigCredentialView[] };
    expect(mine.items.find((c) => c.id === credential.id)?.state).toBe("expired");
    // Nothing left to do for this cluster on the next pass.
    expect((await cleanExpiredKubeconfigs(api.runtime.deps.kubeconfigs)).cleaned).toEqual([]);
  });

  it("still answers GET /clusters/{id}/kubeconfig, now with a per-user credential", async () => {
    const res = await api.rest("GET", `/clusters/${ready.clusterId}/kubeconfig`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kubeconfig: string; credential_id: string; api_endpoint: string };
    expect(body.api_endpoint).toBe(`https://127.0.0.1:${ready.nodePort}`);
    expect(body.kubeconfig).not.toContain("client-certificate-data");
    expect(await api.runtime.deps.db.kubeconfigCredential.findUniqueOrThrow({ where: { id: body.credential_id } })).toMatchObject({ userId: alice.id, access: "admin" });
    expect(await kubectl(body.kubeconfig, "auth", "whoami", "-o", "jsonpath={.status.userInfo.username}")).toMatchObject({ ok: true, out: expect.stringContaining(`system:serviceaccount:${ACCESS_NAMESPACE}:`) });
  });

  it("hands the owner the admin certificate on break-glass with a reason, audited; nobody else", async () => {
    const path_ = `/clusters/${ready.clusterId}/kubeconfig/break-glass`;
    const short = await api.rest("POST", path_, { cookie: alice.cookie, body: { reason: "because" } });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("reason must say in 10 to 500 characters");
    expect((await api.rest("POST", path_, { cookie: admin.cookie, body: { reason: "incident 42: tokens broken" } })).status).toBe(404);
    expect((await api.rest("POST", path_, { cookie: bob.cookie, body: { reason: "incident 42: tokens broken" } })).status).toBe(404);

    const res = await api.rest("POST", path_, { cookie: alice.cookie, body: { reason: "incident 42: tokens broken" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kubeconfig: string };
    expect(body.kubeconfig).toContain("client-certificate-data");
    const whoami = await kubectl(body.kubeconfig, "auth", "whoami", "-o", "jsonpath={.status.userInfo.username}");
    expect(whoami).toMatchObject({ ok: true, out: "kubebyon-admin" });
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "cluster.kubeconfig_break_glass", targetId: ready.clusterId } });
    expect(audit).toMatchObject({ actorUserId: alice.id, metadata: { reason: "incident 42: tokens broken" } });
  });

  it("answers 409 when public access is off", async () => {
    await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { publicAccessEnabled: false } });
    try {
      const res = await issue(alice);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/Public access is off/);
      expect((await api.rest("POST", `/clusters/${ready.clusterId}/kubeconfig/break-glass`, { cookie: alice.cookie, body: { reason: "incident 42: tokens broken" } })).status).toBe(409);
    } finally {
      await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { publicAccessEnabled: true } });
    }
  });
});
