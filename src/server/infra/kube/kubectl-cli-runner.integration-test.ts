import { execFile } from "node:child_process";
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { AppError } from "@/server/domain/errors";
import { BASE_CHILD_ENV } from "./child-process-env";
import { fromBase64 } from "./kube-calls";
import { KubectlCliRunner } from "./kubectl-cli-runner";

const NS = "kubectl-proxy-test";
const limits = { timeoutMs: 30_000, maxOutputBytes: 1024 * 1024 };

function credentialsOf(kc: KubeConfig): ClusterCredentials {
  const cluster = kc.getCurrentCluster();
  const user = kc.getCurrentUser();
  if (!cluster || !user) throw new Error("test kubeconfig has no current cluster/user");
  return { server: cluster.server, caPem: fromBase64(cluster.caData), clientCertPem: fromBase64(user.certData), clientKeyPem: fromBase64(user.keyData) };
}

let cluster: KubeCluster;
let creds: ClusterCredentials;
let core: CoreV1Api;
let tmpRoot: string;
let runner: KubectlCliRunner;

beforeAll(async () => {
  cluster = await startKubeCluster();
  creds = credentialsOf(cluster.kubeConfig());
  core = cluster.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: NS } } });
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), "kubectl-runner-test-"));
  runner = new KubectlCliRunner({ kubectlBin: cluster.tools.kubectl, tmpRoot });
});

afterAll(async () => {
  await cluster?.stop();
  if (tmpRoot) await rm(tmpRoot, { recursive: true, force: true });
});

// Every run must leave nothing behind: the temp kubeconfig holds the cluster's admin key.
afterEach(async () => {
  expect(await readdir(tmpRoot)).toEqual([]);
});

describe("KubectlCliRunner against a real kube-apiserver", () => {
  it("lists namespaces with `get namespaces -o name`", async () => {
    const result = await runner.run({ credentials: creds, argv: ["get", "namespaces", "-o", "name"], ...limits });
    expect(result).toMatchObject({ exitCode: 0, truncated: false, timedOut: false });
    const names = result.stdout.trim().split("\n");
    expect(names).toEqual(expect.arrayContaining(["namespace/default", "namespace/kube-system", `namespace/${NS}`]));
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it("reports client and server versions with `version -o json`", async () => {
    const result = await runner.run({ credentials: creds, argv: ["version", "-o", "json"], ...limits });
    expect(result.exitCode).toBe(0);
    const parsed = JSON.parse(result.stdout) as { clientVersion: { gitVersion: string }; serverVersion: { gitVersion: string } };
    expect(parsed.serverVersion.gitVersion).toBe(cluster.version);
    expect(parsed.clientVersion.gitVersion).toBe(cluster.version);
  });

  it("reaches a virtual cluster with its own credentials", async () => {
    const vc = await cluster.startVirtualCluster({ name: "kubectl-proxy", namespace: "team-kubectl-proxy" });
    try {
      const result = await runner.run({ credentials: credentialsOf(vc.kubeConfig()), argv: ["get", "ns", "-o", "name"], ...limits });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain("namespace/default");
      // The host's namespaces are not the vCluster's.
      expect(result.stdout).not.toContain(`namespace/${NS}`);
    } finally {
      await vc.stop();
    }
  });

  it("refuses a denied command without running it: the namespace survives `delete namespace`", async () => {
    const attempt = runner.run({ credentials: creds, argv: ["delete", "namespace", NS], ...limits });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/read-only/) });
    const ns = await core.readNamespace({ name: NS });
    expect(ns.metadata?.deletionTimestamp).toBeUndefined();
    await expect(
      runner.run({ credentials: creds, argv: ["get", "--raw", "/api/v1/namespaces"], ...limits }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/--raw/) });
  });

  it("refuses -o custom-columns-file, which the real kubectl would read from the server's disk", async () => {
    const file = path.join(tmpRoot, "..", `columns-${process.pid}.txt`);
    await writeFile(file, "FROM_THE_SERVER_DISK\n.metadata.name\n");
    try {
      // What kubectl itself does with it: the file's first line becomes the header.
      const direct = await new Promise<string>((resolve, reject) =>
        execFile(cluster.tools.kubectl, ["--kubeconfig", cluster.kubeconfigPath, "get", "ns", "default", "-o", `custom-columns-file=${file}`], (err, stdout) =>
          err ? reject(err) : resolve(stdout),
        ),
      );
      expect(direct).toMatch(/^FROM_THE_SERVER_DISK\s*\ndefault/);
      for (const argv of [
        ["get", "ns", "-o", `custom-columns-file=${file}`],
        ["get", "ns", `--output=custom-columns-file=${file}`],
        ["get", "ns", "-o", "custom-columns-file", "--template", file],
      ]) {
        await expect(runner.run({ credentials: creds, argv, ...limits }), argv.join(" ")).rejects.toMatchObject({
          code: "FORBIDDEN",
          message: expect.stringMatching(/^-o\/--output custom-columns-file reads a file/),
        });
      }
    } finally {
      await rm(file, { force: true });
    }
  });

  it("kills kubectl when the server never answers, and reports the timeout", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const result = await runner.run({
        credentials: { server: `https://127.0.0.1:${port}`, insecureSkipTlsVerify: true, token: "unused-token-123" },
        argv: ["get", "pods"],
        timeoutMs: 1_500,
        maxOutputBytes: 4096,
      });
      expect(result).toMatchObject({ timedOut: true, exitCode: null, truncated: false });
      expect(result.durationMs).toBeGreaterThanOrEqual(1_400);
      expect(result.durationMs).toBeLessThan(6_000);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("stops reading at the output cap and marks the result truncated", async () => {
    const payload = "x".repeat(1024);
    for (let i = 0; i < 40; i++) {
      await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: `cm-${i}` }, data: { payload } } });
    }
    const argv = ["get", "configmaps", "-n", NS, "-o", "yaml"];
    const full = await runner.run({ credentials: creds, argv, ...limits });
    expect(full).toMatchObject({ exitCode: 0, truncated: false });
    expect(Buffer.byteLength(full.stdout)).toBeGreaterThan(40 * 1024);

    const capped = await runner.run({ credentials: creds, argv, timeoutMs: 30_000, maxOutputBytes: 8 * 1024 });
    expect(capped.truncated).toBe(true);
    expect(capped.timedOut).toBe(false);
    expect(Buffer.byteLength(capped.stdout)).toBeLessThanOrEqual(8 * 1024);
    expect(full.stdout.startsWith(capped.stdout.slice(0, 4096))).toBe(true);
  });

  it("never returns the credentials in stderr", async () => {
    const token = `kubebyon-secret-token-${Date.now()}`;
    const result = await runner.run({
      credentials: { server: creds.server, caPem: creds.caPem, token },
      argv: ["get", "namespaces"],
      ...limits,
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/Unauthorized|must be logged in/);
    expect(result.stderr).not.toContain(token);
  });

  it("aborts a run when the caller's signal fires", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("client went away")), 300);
      await expect(
        runner.run({
          credentials: { server: `https://127.0.0.1:${port}`, insecureSkipTlsVerify: true, token: "unused-token-123" },
          argv: ["get", "pods"],
          timeoutMs: 20_000,
          maxOutputBytes: 4096,
          signal: controller.signal,
        }),
      ).rejects.toThrow("client went away");
    } finally {
      silent.close();
    }
  });
});

describe("KubectlCliRunner process hygiene (stand-in binary that reports what it was given)", () => {
  let binDir: string;
  let marker: string;
  let reporter: KubectlCliRunner;

  beforeAll(async () => {
    binDir = await mkdtemp(path.join(os.tmpdir(), "kubectl-reporter-"));
    marker = path.join(binDir, "ran");
    const script = path.join(binDir, "kubectl");
    // Prints the facts a real kubectl would not: file mode, environment, and (to stderr) the whole kubeconfig.
    await writeFile(
      script,
      [
        "#!/bin/sh",
        `touch '${marker}'`,
        'echo "mode=$(stat -c %a "$2")"',
        'echo "kubeconfig_env=${KUBECONFIG:-unset}"',
        'echo "home=$HOME"',
        'echo "args=$*"',
        'env | sed "s/^/env:/"',
        'cat "$2" >&2',
        "",
      ].join("\n"),
    );
    await chmod(script, 0o755);
    reporter = new KubectlCliRunner({ kubectlBin: script, tmpRoot });
  });
  afterAll(async () => {
    if (binDir) await rm(binDir, { recursive: true, force: true });
  });

  it("passes a 0600 kubeconfig and a clean environment, and redacts credentials from the output", async () => {
    const previous = process.env.KUBECONFIG;
    process.env.KUBECONFIG = "/etc/kubernetes/admin.conf";
    try {
      const token = "reporter-token-0123456789";
      const result = await reporter.run({ credentials: { ...creds, token }, argv: ["get", "pods", "-A"], ...limits });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain("mode=600");
      expect(result.stdout).toContain("kubeconfig_env=unset");
      expect(result.stdout).toMatch(new RegExp(`home=${tmpRoot}/kubebyon-kubectl-`));
      expect(result.stdout).toMatch(/args=--kubeconfig \S+\/kubeconfig --request-timeout=30s get pods -A/);
      // The kubeconfig went to stderr in full; the secrets must not come back.
      expect(result.stderr).toContain("client-certificate-data");
      expect(result.stderr).not.toContain(token);
      expect(result.stderr).not.toContain(Buffer.from(creds.clientKeyPem ?? "").toString("base64"));
      expect(result.stderr).toContain("[redacted]");
    } finally {
      if (previous === undefined) delete process.env.KUBECONFIG;
      else process.env.KUBECONFIG = previous;
    }
  });

  it("runs kubectl with the minimal environment: none of the platform's secrets or settings", async () => {
    const planted: Record<string, string> = {
      DATABASE_URL: "postgresql://kubebyon:db-password-1@127.0.0.1/kubebyon",
      KUBEBYON_AUTH_SECRET: "auth-secret-0123456789abcdef",
      NEXTAUTH_SECRET: "nextauth-secret-0123456789",
      KUBEBYON_SMTP_PASSWORD: "smtp-password-1",
      KUBEBYON_RABBITMQ_URL: "amqp://guest:mq-password-1@127.0.0.1:5672",
      KUBEBYON_SOME_FUTURE_SETTING: "future-value-1",
      HTTPS_PROXY: "http://proxy.internal:3128",
    };
    const previous = Object.fromEntries(Object.keys(planted).map((k) => [k, process.env[k]]));
    Object.assign(process.env, planted);
    try {
      const result = await reporter.run({ credentials: creds, argv: ["get", "pods"], ...limits });
      expect(result.exitCode).toBe(0);
      const env = Object.fromEntries(
        result.stdout
          .split("\n")
          .filter((l) => l.startsWith("env:"))
          .map((l) => [l.slice(4, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
      );
      // The shell itself adds PWD, SHLVL and "_"; everything else is what the runner passed.
      const { PWD: _pwd, SHLVL: _shlvl, _: _underscore, ...passed } = env;
      const allowed = BASE_CHILD_ENV.filter((name) => process.env[name] !== undefined);
      expect(Object.keys(passed).sort()).toEqual([...allowed, "HOME", "KUBECTL_KUBERC", "KUBERC"].sort());
      expect(allowed).toEqual(expect.arrayContaining(["PATH", "HTTPS_PROXY"]));
      expect(passed).toMatchObject({ PATH: process.env.PATH, HTTPS_PROXY: planted.HTTPS_PROXY, KUBECTL_KUBERC: "false", KUBERC: "off" });
      for (const value of Object.values(planted).filter((v) => v !== planted.HTTPS_PROXY)) expect(result.stdout).not.toContain(value);
    } finally {
      for (const [k, v] of Object.entries(previous)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it("does not start the binary for a denied command", async () => {
    await rm(marker, { force: true });
    await expect(reporter.run({ credentials: creds, argv: ["exec", "web", "ls"], ...limits })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(stat(marker)).rejects.toMatchObject({ code: "ENOENT" });
    await reporter.run({ credentials: creds, argv: ["version"], ...limits });
    await expect(stat(marker)).resolves.toBeTruthy();
  });

  it("explains a missing binary", async () => {
    const missing = new KubectlCliRunner({ kubectlBin: path.join(binDir, "nope"), tmpRoot });
    await expect(missing.run({ credentials: creds, argv: ["version"], ...limits })).rejects.toThrow(/KUBEBYON_KUBECTL_BIN/);
  });
});
