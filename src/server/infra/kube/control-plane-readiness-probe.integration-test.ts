import https from "node:https";
import net from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createClusterPki, type ClusterPki } from "@e2e/env/kube/pki";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { KubeControlPlaneReadinessProbe } from "./control-plane-readiness-probe";
import { fromBase64 } from "./kube-calls";

/**
 * GET /readyz against a real kube-apiserver (ready), and against loopback servers that play what a real one does
 * when it is not: 500 with one `[-]` line per failing check (the apiserver's own format), or no answer at all.
 */
let kube: KubeCluster;
let credentials: ClusterCredentials;
let dir: string;
let pki: ClusterPki;
const probe = new KubeControlPlaneReadinessProbe();

async function listen(server: net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-readyz-"));
  [kube, pki] = await Promise.all([startKubeCluster(), createClusterPki(dir, "readyz", ["127.0.0.1"])]);
  const kc = kube.kubeConfig();
  credentials = { server: kube.server, caPem: fromBase64(kc.getCurrentCluster()?.caData), clientCertPem: fromBase64(kc.getCurrentUser()?.certData), clientKeyPem: fromBase64(kc.getCurrentUser()?.keyData) };
}, 240_000);

afterAll(async () => {
  await kube?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("KubeControlPlaneReadinessProbe", () => {
  it("is ok when the apiserver's /readyz is", async () => {
    expect(await probe.check(credentials, { timeoutMs: 5_000 })).toEqual({ ok: true });
  });

  it("names the failing checks of a not-ready apiserver", async () => {
    const notReady = https.createServer({ cert: pki.serving.certPem, key: pki.serving.keyPem }, (req, res) => {
      res.writeHead(req.url === "/readyz" ? 500 : 404, { "Content-Type": "text/plain" });
      res.end("[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\n[-]informer-sync failed: reason withheld\nreadyz check failed\n");
    });
    const server = await listen(notReady);
    try {
      expect(await probe.check({ server, caPem: pki.ca.certPem }, { timeoutMs: 5_000 })).toEqual({
        ok: false,
        error: `${server}/readyz answered 500: etcd failed: reason withheld; informer-sync failed: reason withheld`,
      });
    } finally {
      notReady.close();
    }
  });

  it("gives up on a control plane that accepts the connection but never answers", async () => {
    const silent = net.createServer(() => undefined);
    const server = await listen(silent);
    const started = Date.now();
    try {
      expect(await probe.check({ ...credentials, server }, { timeoutMs: 500 })).toEqual({ ok: false, error: `${server} did not answer within 0.5 s` });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.close();
    }
  });

  it("says when the certificate does not match (a probe never skips TLS verification)", async () => {
    const outcome = await probe.check({ ...credentials, caPem: pki.ca.certPem }, { timeoutMs: 5_000 });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? "" : outcome.error).toMatch(new RegExp(`^${kube.server.replace(/[.]/g, "\\.")} is unreachable: `));
  });
});
