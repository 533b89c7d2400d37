import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppsV1Api, CoreV1Api, type V1ConfigMap, type V1Deployment, type V1NetworkPolicy, type V1Service } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haproxyOptionsFor } from "@/server/composition/haproxy-options";
import { parseConfig, requireHaproxyEdge } from "@/server/config/env";
import { renderHaproxyConfig } from "@/server/domain/control-plane-edge/haproxy-config";
import { haproxyMasterArgs } from "@/server/infra/haproxy/haproxy-config-writer";
import { edgeSidecar, platformContainer, podSpec } from "../env/charts/helm-chart-contract";
import { CHARTS, HelmRunner, publicUrl, repoRoot, type ChartUnderTest, type Rendered, type Values } from "../env/charts/helm-chart-render";
import { configData, fullname, secretsForParse } from "../env/charts/helm-chart-variants";
import { startKubeCluster, type KubeCluster } from "../env/kube-cluster";
import { ensureKubeTools } from "../env/kube-tools";

/**
 * The charts' HAProxy control-plane edge (publicAccess.provider, default haproxy): the sidecar, its
 * bootstrap initContainer and ConfigMap, Service <fullname>-edge and the settings the platform reads,
 * on the pods that run jobs (multi-node worker, single-node web); none of it with servicelb; the
 * gatewayapi provider refused without the chart's control-plane Gateway. The bootstrap file must be
 * what the platform's renderer makes of no clusters, and Debian's haproxy must accept it.
 */

const jobDeployment = (r: Rendered, chart: ChartUnderTest) => r.get<V1Deployment>("Deployment", `${fullname}-${chart.multiNode ? "worker" : "web"}`);
const edgeObjects = ["ConfigMap/edge-bootstrap", "Service/edge", "NetworkPolicy/edge"].map((s) => s.split("/") as [string, string]);

function haproxyCheck(file: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => execFile("haproxy", ["-c", "-f", file], (err, stdout, stderr) => resolve({ ok: !err, output: `${stdout}${stderr}` })));
}

describe.each(CHARTS)("$mode chart, control-plane edge", (chart) => {
  let helm: HelmRunner;
  let dir: string;

  beforeAll(async () => {
    helm = await HelmRunner.create((await ensureKubeTools()).helm);
    dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-edge-chart-"));
  });
  afterAll(async () => {
    await helm?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("by default (provider haproxy) gives the pods that run jobs an haproxy sidecar on the shared emptyDir, started from the bootstrap file", async () => {
    const r = await helm.render(chart, { publicUrl });
    const data = configData(r);
    expect(data).toMatchObject({
      KUBEBYON_PUBLIC_ACCESS_PROVIDER: "haproxy",
      KUBEBYON_HAPROXY_CONFIG_PATH: "/run/haproxy/haproxy.cfg",
      KUBEBYON_HAPROXY_MASTER_SOCKET: "/run/haproxy/master.sock",
      KUBEBYON_HAPROXY_STATS_SOCKET: "/run/haproxy/edge.sock",
      KUBEBYON_EDGE_BIND_ADDR: "0.0.0.0:8443",
    });
    const config = parseConfig({ ...data, ...secretsForParse });
    expect(config.publicAccessProvider).toBe("haproxy");
    const edge = requireHaproxyEdge(config);

    const d = jobDeployment(r, chart);
    const spec = podSpec(d);
    const sidecar = edgeSidecar(d);
    if (!sidecar) throw new Error(`${d.metadata?.name} has no haproxy sidecar`);
    const platformImage = `kubebyon/kubebyon-${chart.multiNode ? "worker" : "web"}:0.1.0`;
    expect(sidecar.image, "edge.image defaults to the platform image").toBe(platformImage);
    // The command the platform's writer expects the master to run with (the same socket and file as the settings).
    expect(sidecar.command).toEqual(["haproxy", ...haproxyMasterArgs({ configPath: edge.configPath, masterSocketPath: edge.masterSocketPath })]);
    expect(sidecar.ports).toEqual([{ name: "edge", containerPort: 8443, protocol: "TCP" }]);
    expect(sidecar.securityContext, "unprivileged port: no NET_BIND_SERVICE").toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } });
    expect(sidecar.volumeMounts).toEqual([{ name: "haproxy-run", mountPath: "/run/haproxy" }]);
    expect(platformContainer(d).volumeMounts).toContainEqual({ name: "haproxy-run", mountPath: "/run/haproxy" });
    const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
    expect(volumes.get("haproxy-run")?.emptyDir).toEqual({});
    expect(volumes.get("edge-bootstrap")?.configMap?.name).toBe(`${fullname}-edge-bootstrap`);
    const init = spec.initContainers ?? [];
    expect(init.map((c) => c.name)).toEqual(["edge-bootstrap"]);
    expect(init[0]?.image).toBe(platformImage);
    expect(init[0]?.command).toEqual(["cp", "/etc/kubebyon/edge-bootstrap/haproxy.cfg", edge.configPath]);

    if (chart.multiNode) {
      const web = r.get<V1Deployment>("Deployment", `${fullname}-web`);
      expect(edgeSidecar(web), "the multi-node web pods run no jobs, so no edge").toBeUndefined();
      expect(podSpec(web).initContainers).toBeUndefined();
    }

    const service = r.get<V1Service>("Service", `${fullname}-edge`).spec;
    expect(service?.type).toBe("LoadBalancer");
    expect(service?.ports).toEqual([{ name: "edge", port: 443, targetPort: "edge", protocol: "TCP" }]);
    expect(service?.selector).toEqual(d.spec?.selector?.matchLabels);
    const policy = r.get<V1NetworkPolicy>("NetworkPolicy", `${fullname}-edge`).spec;
    expect(policy?.podSelector?.matchLabels).toEqual(d.spec?.selector?.matchLabels);
    expect(policy?.ingress?.[0]?.ports).toEqual([{ port: 8443, protocol: "TCP" }]);
  });

  it("renders the bootstrap haproxy.cfg exactly as the platform's renderer renders no clusters, and haproxy -c accepts it", async () => {
    for (const values of [{ publicUrl }, { publicUrl, edge: { port: 9443 } }] as Values[]) {
      const r = await helm.render(chart, values);
      const bootstrap = r.get<V1ConfigMap>("ConfigMap", `${fullname}-edge-bootstrap`).data?.["haproxy.cfg"] ?? "";
      const edge = parseConfig({ ...configData(r), ...secretsForParse }).controlPlaneEdge;
      expect(bootstrap, JSON.stringify(values)).toBe(renderHaproxyConfig([], haproxyOptionsFor(edge)));
      const file = path.join(dir, "bootstrap.cfg");
      await writeFile(file, bootstrap);
      const check = await haproxyCheck(file);
      expect(check.ok, check.output).toBe(true);
    }
  });

  it("maps edge.service values and edge.image/resources onto the Service and sidecar", async () => {
    const r = await helm.render(chart, {
      publicUrl,
      edge: { image: "registry.example.com/haproxy:2.6", resources: { requests: { cpu: "50m" } }, service: { type: "NodePort", port: 6443, annotations: { "metallb.universe.tf/address-pool": "edge" } } },
    });
    const service = r.get<V1Service>("Service", `${fullname}-edge`);
    expect(service.spec?.type).toBe("NodePort");
    expect(service.spec?.ports?.[0]?.port).toBe(6443);
    expect(service.metadata?.annotations).toEqual({ "metallb.universe.tf/address-pool": "edge" });
    const sidecar = edgeSidecar(jobDeployment(r, chart));
    expect(sidecar?.image).toBe("registry.example.com/haproxy:2.6");
    expect(sidecar?.resources).toEqual({ requests: { cpu: "50m" } });
  });

  it("with provider servicelb renders no sidecar, initContainer, bootstrap ConfigMap, edge Service or edge settings", async () => {
    const r = await helm.render(chart, { publicUrl, publicAccess: { provider: "servicelb" } });
    for (const d of r.ofKind<V1Deployment>("Deployment")) {
      expect(podSpec(d).containers.map((c) => c.name), d.metadata?.name).toEqual([platformContainer(d).name]);
      expect(podSpec(d).initContainers).toBeUndefined();
      expect((podSpec(d).volumes ?? []).map((v) => v.name)).not.toContain("haproxy-run");
    }
    for (const [kind, suffix] of edgeObjects) expect(r.find(kind, `${fullname}-${suffix}`), `${kind} ${suffix}`).toBeUndefined();
    const data = configData(r);
    expect(data.KUBEBYON_PUBLIC_ACCESS_PROVIDER).toBe("servicelb");
    expect(Object.keys(data).filter((k) => k.startsWith("KUBEBYON_HAPROXY_") || k === "KUBEBYON_EDGE_BIND_ADDR")).toEqual([]);
  });

  it("refuses provider gatewayapi without the chart's control-plane Gateway, and an unknown provider", async () => {
    const refused = await helm.template(chart, { publicUrl, publicAccess: { provider: "gatewayapi" } });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("publicAccess.provider is gatewayapi but gatewayAPI.controlPlane.enabled is false");
    const accepted = await helm.render(chart, { publicUrl, publicAccess: { provider: "gatewayapi" }, gatewayAPI: { controlPlane: { enabled: true, gatewayClassName: "cilium" } } });
    expect(configData(accepted).KUBEBYON_PUBLIC_ACCESS_PROVIDER).toBe("gatewayapi");
    expect(accepted.find("Service", `${fullname}-edge`)).toBeUndefined();
    const unknown = await helm.template(chart, { publicUrl, publicAccess: { provider: "metallb" } });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("/publicAccess/provider");
  });
});

describe("helm install with the HAProxy edge into a test kube-apiserver", () => {
  let cluster: KubeCluster;
  let helm: HelmRunner;

  beforeAll(async () => {
    cluster = await startKubeCluster();
    helm = await HelmRunner.create(cluster.tools.helm);
  });
  afterAll(async () => {
    await helm?.cleanup();
    await cluster?.stop();
  });

  it.each(CHARTS)("$mode: the apiserver accepts the sidecar Deployment, the bootstrap ConfigMap and Service <fullname>-edge (NodePort allocated)", async (chart) => {
    const release = `edge-${chart.multiNode ? "multi" : "single"}`;
    const ns = `kb-edge-${chart.mode}`;
    const name = `${release}-kubebyon`;
    const values = await helm.valuesFile({ publicUrl, edge: { service: { type: "NodePort" } } });
    const install = await helm.run(["install", release, chart.dir, "-n", ns, "--create-namespace", "-f", values], cluster.kubeconfigPath);
    expect(install.code, install.stderr).toBe(0);
    const core = cluster.kubeConfig().makeApiClient(CoreV1Api);
    const service = await core.readNamespacedService({ name: `${name}-edge`, namespace: ns });
    expect(service.spec?.ports?.[0]?.port).toBe(443);
    expect(service.spec?.ports?.[0]?.nodePort, "the apiserver allocated a NodePort").toBeGreaterThan(0);
    const bootstrap = await core.readNamespacedConfigMap({ name: `${name}-edge-bootstrap`, namespace: ns });
    expect(bootstrap.data?.["haproxy.cfg"]).toContain("bind 0.0.0.0:8443");
    const deployment = await cluster.kubeConfig().makeApiClient(AppsV1Api).readNamespacedDeployment({ name: `${name}-${chart.multiNode ? "worker" : "web"}`, namespace: ns });
    expect(deployment.spec?.template.spec?.containers.map((c) => c.name)).toEqual([chart.multiNode ? "worker" : "web", "haproxy"]);
    expect(deployment.spec?.template.spec?.initContainers?.map((c) => c.name)).toEqual(["edge-bootstrap"]);
    const uninstall = await helm.run(["uninstall", release, "-n", ns], cluster.kubeconfigPath);
    expect(uninstall.code, uninstall.stderr).toBe(0);
  });
});

describe("single-node systemd: kubebyon-edge.service", () => {
  const dir = path.join(repoRoot, "deployments/single-node");
  /** The commented KUBEBYON_PUBLIC_ACCESS_PROVIDER / HAPROXY / EDGE lines of kubebyon.env.example, as the operator uncomments them. */
  const edgeEnv = async () =>
    Object.fromEntries(
      (await readFile(path.join(dir, "kubebyon.env.example"), "utf8"))
        .split("\n")
        .map((line) => /^#?(KUBEBYON_(?:PUBLIC_ACCESS_PROVIDER|HAPROXY_[A-Z_]+|EDGE_[A-Z_]+))=(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], m[2]]),
    ) as Record<string, string>;

  it("starts haproxy the way the platform's writer expects, on the paths kubebyon.env.example names, from a bootstrap file the renderer would write", async () => {
    const env = await edgeEnv();
    const edge = requireHaproxyEdge(parseConfig(env));
    expect(parseConfig(env).publicAccessProvider).toBe("haproxy");
    const unit = await readFile(path.join(dir, "kubebyon-edge.service"), "utf8");
    expect(unit).toContain(`ExecStart=${edge.haproxyBin} ${haproxyMasterArgs({ configPath: edge.configPath, masterSocketPath: edge.masterSocketPath }).join(" ")}\n`);
    const bootstrap = await readFile(path.join(dir, "edge-bootstrap.cfg"), "utf8");
    expect(bootstrap).toBe(renderHaproxyConfig([], haproxyOptionsFor(edge)));
    const check = await haproxyCheck(path.join(dir, "edge-bootstrap.cfg"));
    expect(check.ok, check.output).toBe(true);
  });
});
