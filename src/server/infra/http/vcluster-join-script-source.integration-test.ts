import { mkdtemp, rm } from "node:fs/promises";
import type { RequestListener } from "node:http";
import https from "node:https";
import net, { type AddressInfo, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJoinEndpointStandIn, type JoinEndpointStandIn } from "@e2e/env/join-endpoint-stand-in";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { freePort } from "@e2e/env/kube/free-port";
import { createClusterPki } from "@e2e/env/kube/pki";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { formatToken, generateBootstrapToken } from "@/server/domain/join-tokens/bootstrap-token";
import { BootstrapTokenIssuer } from "@/server/infra/kube/bootstrap-token-issuer";
import { VClusterJoinScriptSource } from "./vcluster-join-script-source";

const pem = (base64?: string) => (base64 ? Buffer.from(base64, "base64").toString("utf8") : undefined);

function adminCredentials(vc: VirtualCluster): ClusterCredentials {
  const kc = vc.kubeConfig();
  return {
    server: vc.server,
    caPem: pem(kc.getCurrentCluster()?.caData),
    clientCertPem: pem(kc.getCurrentUser()?.certData),
    clientKeyPem: pem(kc.getCurrentUser()?.keyData),
  };
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A throwaway HTTPS server with its own self-signed CA that answers `handler`. */
async function oddServer(handler: RequestListener) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-odd-join-"));
  const pki = await createClusterPki(dir, "odd-join", ["127.0.0.1", "localhost"]);
  const server = https.createServer({ cert: pki.serving.certPem, key: pki.serving.keyPem }, handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    endpoint: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caPem: pki.ca.certPem,
    close: async () => {
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe("VClusterJoinScriptSource against a /node/join stand-in backed by a real vCluster apiserver", () => {
  let cluster: KubeCluster;
  let vc: VirtualCluster;
  let creds: ClusterCredentials;
  let standIn: JoinEndpointStandIn;
  const issuer = new BootstrapTokenIssuer();
  const source = new VClusterJoinScriptSource({ timeoutMs: 3_000 });
  const inOneHour = () => new Date(Date.now() + 3600_000);

  beforeAll(async () => {
    cluster = await startKubeCluster();
    vc = await cluster.startVirtualCluster({ name: "join", namespace: "team-join" });
    creds = adminCredentials(vc);
    standIn = await startJoinEndpointStandIn({ server: vc.server, caPem: creds.caPem ?? "" });
  });
  afterAll(async () => {
    await standIn?.stop();
    await cluster?.stop();
  });

  it("returns the script for a valid token, verifying the stand-in's CA", async () => {
    const token = generateBootstrapToken();
    await issuer.create({ credentials: creds, token, expiresAt: inOneHour(), description: "script" });
    const result = await eventually("the token to be accepted", async () => {
      const r = await source.fetch({ endpoint: standIn.endpoint, token: formatToken(token), caPem: standIn.caPem });
      return r.status === "ok" ? r : undefined;
    });
    expect(result.script).toMatch(/^#!\/bin\/sh\n/);
    expect(result.script).toContain(`TOKEN_ID="${token.id}"`);
    // Like the real script, it carries the whole token: the kubelet's TLS bootstrap authenticates with it.
    expect(result.script).toContain(`Bearer ${formatToken(token)}`);

    // Without a CA the self-signed certificate is accepted for this request only (like the spec's curl -k).
    const insecure = await source.fetch({ endpoint: standIn.endpoint, token: formatToken(token) });
    expect(insecure.status).toBe("ok");
    // With the wrong CA it must not be accepted.
    const wrongCa = await source.fetch({ endpoint: standIn.endpoint, token: formatToken(token), caPem: creds.caPem });
    expect(wrongCa).toEqual({ status: "unavailable", error: expect.stringMatching(/certificate|self.signed|issuer/i) });
  });

  it("says unauthorized for unknown, malformed and revoked tokens", async () => {
    const unknown = generateBootstrapToken();
    expect(await source.fetch({ endpoint: standIn.endpoint, token: formatToken(unknown), caPem: standIn.caPem })).toEqual({ status: "unauthorized" });
    expect(await source.fetch({ endpoint: standIn.endpoint, token: "not-a-token", caPem: standIn.caPem })).toEqual({ status: "unauthorized" });

    const token = generateBootstrapToken();
    await issuer.create({ credentials: creds, token, expiresAt: inOneHour(), description: "revoked" });
    await eventually("the token to be accepted", async () =>
      (await source.fetch({ endpoint: standIn.endpoint, token: formatToken(token), caPem: standIn.caPem })).status === "ok" ? true : undefined,
    );
    await issuer.revoke({ credentials: creds, tokenId: token.id });
    // The apiserver caches successful token authentications for up to 10 s.
    await eventually("the revoked token to be refused", async () => {
      const r = await source.fetch({ endpoint: standIn.endpoint, token: formatToken(token), caPem: standIn.caPem });
      return r.status === "unauthorized" ? r : undefined;
    });
  });

  it("refuses a body over the size limit", async () => {
    const token = generateBootstrapToken();
    await issuer.create({ credentials: creds, token, expiresAt: inOneHour(), description: "small limit" });
    const tiny = new VClusterJoinScriptSource({ maxBytes: 64 });
    const result = await eventually("an answer other than unauthorized", async () => {
      const r = await tiny.fetch({ endpoint: standIn.endpoint, token: formatToken(token), caPem: standIn.caPem });
      return r.status === "unauthorized" ? undefined : r;
    });
    expect(result).toEqual({ status: "unavailable", error: expect.stringMatching(/64-byte limit/) });
  });

  it("stops reading a streamed body without Content-Length once it passes the limit", async () => {
    const chunk = Buffer.alloc(64 * 1024, "#");
    let written = 0;
    const server = await oddServer(
      (_req, res) => {
        res.writeHead(200, { "content-type": "text/x-shellscript" });
        const pump = () => {
          while (written < 64 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
          if (written < 64 * 1024 * 1024) res.once("drain", pump);
          else res.end();
        };
        pump();
      },
    );
    try {
      const result = await source.fetch({ endpoint: server.endpoint, token: "abc123.0123456789abcdef", caPem: server.caPem });
      expect(result).toEqual({ status: "unavailable", error: expect.stringMatching(/1048576-byte limit/) });
      expect(written).toBeLessThan(16 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it("does not follow redirects", async () => {
    let redirected = 0;
    const server = await oddServer(
      (req, res) => {
        if (req.url?.startsWith("/elsewhere")) redirected++;
        res.writeHead(302, { location: "/elsewhere" }).end();
      },
    );
    try {
      const result = await source.fetch({ endpoint: server.endpoint, token: "abc123.0123456789abcdef", caPem: server.caPem });
      expect(result).toEqual({ status: "unavailable", error: expect.stringMatching(/HTTP 302 .*not followed/) });
      expect(redirected).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("reports a stopped endpoint as unavailable at once, and a silent one after the timeout", async () => {
    const closedPort = await freePort();
    let started = Date.now();
    const refused = await source.fetch({ endpoint: `https://127.0.0.1:${closedPort}`, token: "abc123.0123456789abcdef" });
    expect(refused).toEqual({ status: "unavailable", error: expect.stringMatching(/ECONNREFUSED/) });
    expect(Date.now() - started).toBeLessThan(1_000);

    const sockets: Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const quick = new VClusterJoinScriptSource({ timeoutMs: 400 });
      started = Date.now();
      const port = (silent.address() as AddressInfo).port;
      expect(await quick.fetch({ endpoint: `https://127.0.0.1:${port}`, token: "abc123.0123456789abcdef" })).toEqual({
        status: "unavailable",
        error: "timed out",
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it("goes unavailable when the stand-in itself is stopped", async () => {
    const other = await startJoinEndpointStandIn({ server: vc.server, caPem: creds.caPem ?? "" });
    await other.stop();
    const started = Date.now();
    const result = await source.fetch({ endpoint: other.endpoint, token: "abc123.0123456789abcdef", caPem: other.caPem });
    expect(result.status).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
