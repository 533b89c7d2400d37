import net, { type AddressInfo, type Socket } from "node:net";
import { ApiException, AuthenticationV1Api, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { freePort } from "@e2e/env/kube/free-port";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { formatToken, generateBootstrapToken, type BootstrapToken } from "@/server/domain/join-tokens/bootstrap-token";
import { TokenIssuerError } from "@/server/domain/join-tokens/token-issuer-error";
import { BootstrapTokenIssuer } from "./bootstrap-token-issuer";
import { fromBase64, kubeStatusOf } from "./kube-calls";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";

function adminCredentials(vc: VirtualCluster): ClusterCredentials {
  const kc = vc.kubeConfig();
  return {
    server: vc.server,
    caPem: fromBase64(kc.getCurrentCluster()?.caData),
    clientCertPem: fromBase64(kc.getCurrentUser()?.certData),
    clientKeyPem: fromBase64(kc.getCurrentUser()?.keyData),
  };
}

/** Who the apiserver says the token is, or the HTTP status it refused it with. */
async function reviewAs(creds: ClusterCredentials, token: BootstrapToken): Promise<{ username?: string; groups?: string[] } | number> {
  const auth = kubeConfigFromCredentials({ server: creds.server, caPem: creds.caPem, token: formatToken(token) }).makeApiClient(AuthenticationV1Api);
  try {
    const review = await auth.createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
    return { username: review.status?.userInfo?.username, groups: review.status?.userInfo?.groups };
  } catch (err) {
    const status = kubeStatusOf(err);
    if (status === undefined) throw err;
    return status;
  }
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    last = await probe();
    if (last !== undefined) return last as T;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const inOneHour = () => new Date(Date.now() + 3600_000);

describe("BootstrapTokenIssuer against a real vCluster apiserver", () => {
  let cluster: KubeCluster;
  let vc: VirtualCluster;
  let creds: ClusterCredentials;
  const issuer = new BootstrapTokenIssuer({ timeoutMs: 5_000 });

  beforeAll(async () => {
    cluster = await startKubeCluster();
    vc = await cluster.startVirtualCluster({ name: "tokens", namespace: "team-tokens" });
    creds = adminCredentials(vc);
  });
  afterAll(() => cluster?.stop());

  it("creates the Secret `vcluster token create` would, and the token authenticates as a bootstrapper", async () => {
    const token = generateBootstrapToken();
    const expiresAt = new Date("2099-01-02T03:04:05.678Z");
    await issuer.create({ credentials: creds, token, expiresAt, description: "KubeBYON join token for cl_test" });

    const secret = await vc.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name: `bootstrap-token-${token.id}`, namespace: "kube-system" });
    expect(secret.type).toBe("bootstrap.kubernetes.io/token");
    expect(secret.metadata?.name).toBe(`bootstrap-token-${token.id}`);
    expect(secret.metadata?.namespace).toBe("kube-system");
    // What vCluster 0.33's `vcluster token create` writes (KUBE-FACTS), plus our managed-by label.
    expect(secret.metadata?.labels).toEqual({
      "vcluster.loft.sh/token": "true",
      "vcluster.loft.sh/token-node-type": "worker",
      "app.kubernetes.io/managed-by": "kubebyon",
    });
    const data = Object.fromEntries(Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(v, "base64").toString("utf8")]));
    expect(data).toEqual({
      "token-id": token.id,
      "token-secret": token.secret,
      expiration: "2099-01-02T03:04:05Z",
      "usage-bootstrap-authentication": "true",
      "usage-bootstrap-signing": "true",
      "auth-extra-groups": "system:bootstrappers:kubeadm:default-node-token",
      description: "KubeBYON join token for cl_test",
    });
    // `vcluster token list` finds tokens by this label.
    const vclusterTokens = await vc.kubeConfig().makeApiClient(CoreV1Api).listNamespacedSecret({ namespace: "kube-system", labelSelector: "vcluster.loft.sh/token=true" });
    expect(vclusterTokens.items.map((s) => s.metadata?.name)).toContain(`bootstrap-token-${token.id}`);

    // The bootstrap authenticator reads Secrets through an informer: give it a moment.
    const who = await eventually("the token to authenticate", async () => {
      const r = await reviewAs(creds, token);
      return typeof r === "number" ? undefined : r;
    });
    expect(who.username).toBe(`system:bootstrap:${token.id}`);
    expect(who.groups).toEqual(expect.arrayContaining(["system:bootstrappers", "system:bootstrappers:kubeadm:default-node-token"]));
    expect(await reviewAs(creds, { id: token.id, secret: "0".repeat(16) })).toBe(401);
  });

  it("issues tokens the apiserver refuses once expired", async () => {
    const expired = generateBootstrapToken();
    await issuer.create({ credentials: creds, token: expired, expiresAt: new Date(Date.now() - 60_000), description: "expired" });
    // A token created after the expired one authenticating proves the informer has seen both.
    const fresh = generateBootstrapToken();
    await issuer.create({ credentials: creds, token: fresh, expiresAt: inOneHour(), description: "fresh" });
    await eventually("the fresh token to authenticate", async () => ((await reviewAs(creds, fresh)) === 401 ? undefined : true));
    expect(await reviewAs(creds, expired)).toBe(401);
  });

  it("revokes: the Secret goes away, the token stops working, and revoking again is fine", async () => {
    const token = generateBootstrapToken();
    await issuer.create({ credentials: creds, token, expiresAt: inOneHour(), description: "to revoke" });
    await eventually("the token to authenticate", async () => ((await reviewAs(creds, token)) === 401 ? undefined : true));

    await issuer.revoke({ credentials: creds, tokenId: token.id });
    const core = vc.kubeConfig().makeApiClient(CoreV1Api);
    const read = await core.readNamespacedSecret({ name: `bootstrap-token-${token.id}`, namespace: "kube-system" }).catch((e: unknown) => e);
    expect(read instanceof ApiException && read.code).toBe(404);
    await eventually("the revoked token to be refused", async () => ((await reviewAs(creds, token)) === 401 ? true : undefined));

    await expect(issuer.revoke({ credentials: creds, tokenId: token.id })).resolves.toBeUndefined();
    await expect(issuer.revoke({ credentials: creds, tokenId: "../x" })).rejects.toThrow(/not a bootstrap token id/);
  });

  it("lists only the tokens the platform issued, with their expiry and never the secret", async () => {
    const ours = generateBootstrapToken();
    const expiresAt = new Date("2098-05-06T07:08:09Z");
    await issuer.create({ credentials: creds, token: ours, expiresAt, description: "listed" });
    const foreign = generateBootstrapToken();
    await vc.kubeConfig().makeApiClient(CoreV1Api).createNamespacedSecret({
      namespace: "kube-system",
      body: {
        metadata: { name: `bootstrap-token-${foreign.id}` },
        type: "bootstrap.kubernetes.io/token",
        stringData: { "token-id": foreign.id, "token-secret": foreign.secret, "usage-bootstrap-authentication": "true" },
      },
    });

    const listed = await issuer.list({ credentials: creds });
    const ids = listed.map((t) => t.tokenId);
    expect(ids).toContain(ours.id);
    expect(ids).not.toContain(foreign.id);
    const entry = listed.find((t) => t.tokenId === ours.id);
    expect(entry?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect(entry?.description).toBe("listed");
    expect(entry?.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(listed)).not.toContain(ours.secret);
  });

  it("refuses a duplicate token id with a CONFLICT the user can act on", async () => {
    const token = generateBootstrapToken();
    await issuer.create({ credentials: creds, token, expiresAt: inOneHour(), description: "dup" });
    const err = await issuer.create({ credentials: creds, token, expiresAt: inOneHour(), description: "dup" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenIssuerError);
    expect((err as TokenIssuerError).code).toBe("CONFLICT");
  });

  it("reports refused credentials as 'rejected' without leaking internals", async () => {
    const anonymous: ClusterCredentials = { server: creds.server, caPem: creds.caPem };
    const err = await issuer.list({ credentials: anonymous }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenIssuerError);
    expect((err as TokenIssuerError).reason).toBe("rejected");
    expect((err as TokenIssuerError).message).toMatch(/refused the platform's credentials/);
    expect((err as TokenIssuerError).detail).toMatch(/HTTP 403/);
  });

  it("reports an unreachable vCluster quickly as a typed error", async () => {
    const closed: ClusterCredentials = { ...creds, server: `https://127.0.0.1:${await freePort()}` };
    const started = Date.now();
    const err = await issuer.create({ credentials: closed, token: generateBootstrapToken(), expiresAt: inOneHour(), description: "x" }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(err).toBeInstanceOf(TokenIssuerError);
    const e = err as TokenIssuerError;
    expect(e.reason).toBe("unreachable");
    expect(e.code).toBe("PRECONDITION_FAILED");
    expect(e.message).toMatch(/not reachable right now/);
    expect(e.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|\n\s+at /);
    expect(e.detail).toMatch(/ECONNREFUSED/);
  });

  it("gives up on a control plane that accepts connections but never answers", async () => {
    const sockets: Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const quick = new BootstrapTokenIssuer({ timeoutMs: 500 });
      const started = Date.now();
      const err = await quick.list({ credentials: { ...creds, server: `https://127.0.0.1:${port}` } }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((err as TokenIssuerError).reason).toBe("unreachable");
      expect((err as TokenIssuerError).detail).toMatch(/timed out/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});
