import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { VersionApi } from "@kubernetes/client-node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { HostKubeConfigError, loadHostKubeConfig, runsInHostCluster } from "./host-kube-config";

let cluster: KubeCluster;
let dir: string;

beforeAll(async () => {
  cluster = await startKubeCluster();
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-host-kc-"));
});

afterAll(async () => {
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("loadHostKubeConfig", () => {
  it("uses KUBEBYON_KUBECONFIG_PATH and reaches that cluster", async () => {
    const kc = loadHostKubeConfig({ kubeconfigPath: cluster.kubeconfigPath });
    expect(kc.getCurrentCluster()?.server).toBe(cluster.server);
    const version = await kc.makeApiClient(VersionApi).getCode();
    expect(version.gitVersion).toBe(cluster.version);
  });

  it("names the variable and the path when the file is missing", () => {
    const missing = path.join(dir, "nope.yaml");
    expect(() => loadHostKubeConfig({ kubeconfigPath: missing })).toThrow(HostKubeConfigError);
    expect(() => loadHostKubeConfig({ kubeconfigPath: missing })).toThrow(`KUBEBYON_KUBECONFIG_PATH points at ${missing}`);
  });

  it("rejects a file that is not a kubeconfig", async () => {
    const bad = path.join(dir, "bad.yaml");
    await writeFile(bad, "clusters: [\n");
    expect(() => loadHostKubeConfig({ kubeconfigPath: bad })).toThrow(/is not a readable kubeconfig/);
  });

  it("falls back to KUBECONFIG when no path is configured", () => {
    vi.stubEnv("KUBECONFIG", cluster.kubeconfigPath);
    const kc = loadHostKubeConfig({ kubeconfigPath: undefined, serviceAccountTokenPath: path.join(dir, "no-token") });
    expect(kc.getCurrentCluster()?.server).toBe(cluster.server);
  });

  it("says what to set when nothing is configured at all", async () => {
    const emptyHome = await mkdtemp(path.join(dir, "home-"));
    vi.stubEnv("KUBECONFIG", "");
    vi.stubEnv("HOME", emptyHome);
    expect(() => loadHostKubeConfig({ kubeconfigPath: undefined, serviceAccountTokenPath: path.join(dir, "no-token") })).toThrow(
      /no host Kubernetes cluster is configured: set KUBEBYON_KUBECONFIG_PATH/,
    );
  });
});

describe("runsInHostCluster (decides KUBEBYON_VCLUSTER_ROUTE=auto)", () => {
  it("true only with the in-cluster service variables, a service-account token and no KUBEBYON_KUBECONFIG_PATH", async () => {
    const token = path.join(dir, "sa-token");
    await writeFile(token, "token");
    const inPod = { KUBERNETES_SERVICE_HOST: "10.43.0.1", KUBERNETES_SERVICE_PORT: "443" };
    expect(runsInHostCluster({ kubeconfigPath: undefined, env: inPod, serviceAccountTokenPath: token })).toBe(true);
    expect(runsInHostCluster({ kubeconfigPath: cluster.kubeconfigPath, env: inPod, serviceAccountTokenPath: token })).toBe(false);
    expect(runsInHostCluster({ kubeconfigPath: undefined, env: {}, serviceAccountTokenPath: token })).toBe(false);
    expect(runsInHostCluster({ kubeconfigPath: undefined, env: inPod, serviceAccountTokenPath: path.join(dir, "no-token") })).toBe(false);
  });
});
