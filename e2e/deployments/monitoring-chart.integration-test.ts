import type { KubernetesObject, V1ConfigMap, V1Deployment, V1Service } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobProcessing } from "@/server/composition/job-processing";
import { buildRuntime } from "@/server/composition/runtime";
import { parseConfig } from "@/server/config/env";
import { createLogger } from "@/server/observability/logger";
import { platformContainer } from "../env/charts/helm-chart-contract";
import { CHARTS, HelmRunner, publicUrl, type Rendered } from "../env/charts/helm-chart-render";
import { configData, fullname, secretsForParse } from "../env/charts/helm-chart-variants";
import { exposedNames, parsePromQL } from "../env/charts/promql";
import { ensureKubeTools } from "../env/kube-tools";
import { createTestDatabase, type TestDatabase } from "../env/postgres";

/**
 * Issue 27: the worker's probes and metrics port, and the monitoring resources of both charts
 * (ServiceMonitors, PrometheusRule, Grafana dashboard), rendered by the real helm. Every alert and
 * dashboard expression is parsed with Prometheus' own PromQL grammar, and every metric it names must be
 * one a job-processing process really registers (its registry after startJobProcessing).
 */

const allOn = {
  publicUrl,
  monitoring: {
    serviceMonitor: { enabled: true, labels: { release: "kube-prometheus-stack" }, interval: "15s" },
    prometheusRule: { enabled: true, labels: { release: "kube-prometheus-stack" } },
    grafanaDashboard: { enabled: true, annotations: { grafana_folder: "KubeBYON" } },
  },
};

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
type PrometheusRule = KubernetesObject & { spec: { groups: Array<{ name: string; rules: Rule[] }> } };
type ServiceMonitor = KubernetesObject & {
  spec: { selector: { matchLabels: Record<string, string> }; namespaceSelector: { matchNames: string[] }; endpoints: Array<{ port: string; path: string; interval: string }> };
};
interface Dashboard {
  uid: string;
  panels: Array<{ type: string; title: string; targets?: Array<{ expr: string; legendFormat: string }> }>;
}

let helm: HelmRunner;
let database: TestDatabase;
/** Every series name a job-processing process exposes on /metrics. */
let registered: Set<string>;

beforeAll(async () => {
  helm = await HelmRunner.create((await ensureKubeTools()).helm);
  database = await createTestDatabase("monitoring-chart");
  const runtime = buildRuntime(parseConfig({ DATABASE_URL: database.url }), { process: "kubebyon-worker", log: createLogger({ level: "error" }) });
  try {
    const processing = await startJobProcessing(runtime, "monitoring-chart-test");
    registered = new Set((await runtime.metrics.registry.getMetricsAsJSON()).flatMap((m) => exposedNames({ name: m.name, type: String(m.type) })));
    await processing.stop();
  } finally {
    await runtime.close();
  }
}, 300_000);

afterAll(async () => {
  await helm?.cleanup();
  await database?.drop();
});

const dashboardOf = (r: Rendered) => JSON.parse(r.get<V1ConfigMap>("ConfigMap", `${fullname}-grafana-dashboard`).data?.["kubebyon.json"] ?? "") as Dashboard;

/** Every PromQL expression the chart ships, named by where it is. */
function expressions(r: Rendered): Array<[string, string]> {
  const rules = r.get<PrometheusRule>("PrometheusRule", fullname).spec.groups.flatMap((g) => g.rules.map((rule): [string, string] => [`rule ${rule.alert}`, rule.expr]));
  const panels = dashboardOf(r).panels.flatMap((p) => (p.targets ?? []).map((t): [string, string] => [`panel "${p.title}"`, t.expr]));
  return [...rules, ...panels];
}

describe.each(CHARTS)("$mode chart: worker probes and monitoring", (chart) => {
  it("renders no monitoring object by default", async () => {
    const r = await helm.render(chart, { publicUrl });
    for (const kind of ["ServiceMonitor", "PrometheusRule"]) expect(r.ofKind(kind), kind).toEqual([]);
    expect(r.find("ConfigMap", `${fullname}-grafana-dashboard`)).toBeUndefined();
  });

  it("gives the worker its metrics port and /healthz, /readyz probes, following worker.metricsPort", async () => {
    const r = await helm.render(chart, { publicUrl, ...(chart.multiNode ? { worker: { metricsPort: 9191 } } : {}) });
    const worker = r.find<V1Deployment>("Deployment", `${fullname}-worker`);
    if (!chart.multiNode) {
      // Single-node: the web process runs the jobs; its own probes and /metrics cover them.
      expect(worker).toBeUndefined();
      return;
    }
    if (!worker) throw new Error("no worker Deployment");
    const c = platformContainer(worker);
    expect(c.ports).toEqual([{ name: "metrics", containerPort: 9191, protocol: "TCP" }]);
    expect(c.livenessProbe).toMatchObject({ httpGet: { path: "/healthz", port: "metrics" } });
    expect(c.readinessProbe).toMatchObject({ httpGet: { path: "/readyz", port: "metrics" } });
    expect(c.startupProbe).toMatchObject({ httpGet: { path: "/healthz", port: "metrics" } });
    expect(parseConfig({ ...configData(r), ...secretsForParse }).workerHttp).toEqual({ host: undefined, port: 9191 });
    expect(r.get<V1Service>("Service", `${fullname}-worker-metrics`).spec?.ports?.[0]).toMatchObject({ port: 9191, targetPort: "metrics" });
  });

  it("with monitoring on: lint passes and the ServiceMonitors select the Services that carry their port", async () => {
    const lint = await helm.run(["lint", "--strict", chart.dir, "-f", await helm.valuesFile(allOn)]);
    expect(lint.code, `${lint.stdout}\n${lint.stderr}`).toBe(0);
    const r = await helm.render(chart, allOn);
    const monitors = r.ofKind<ServiceMonitor>("ServiceMonitor");
    expect(monitors.map((m) => m.metadata?.name).sort()).toEqual(chart.multiNode ? [`${fullname}-web`, `${fullname}-worker`] : [`${fullname}-web`]);
    for (const monitor of monitors) {
      expect(monitor.metadata?.labels?.release).toBe("kube-prometheus-stack");
      expect(monitor.spec.namespaceSelector.matchNames).toEqual(["kubebyon-system"]);
      const endpoint = monitor.spec.endpoints[0];
      expect(endpoint).toMatchObject({ path: "/metrics", interval: "15s" });
      const selected = r.ofKind<V1Service>("Service").filter((s) => Object.entries(monitor.spec.selector.matchLabels).every(([k, v]) => s.metadata?.labels?.[k] === v));
      const serving = selected.filter((s) => s.spec?.ports?.some((p) => p.name === endpoint?.port));
      expect(serving.map((s) => s.metadata?.name), `${monitor.metadata?.name} scrapes one Service`).toHaveLength(1);
    }
    const rule = r.get<PrometheusRule>("PrometheusRule", fullname);
    expect(rule.metadata?.labels?.release).toBe("kube-prometheus-stack");
    const dashboard = r.get<V1ConfigMap>("ConfigMap", `${fullname}-grafana-dashboard`);
    expect(dashboard.metadata?.labels).toMatchObject({ grafana_dashboard: "1" });
    expect(dashboard.metadata?.annotations).toEqual({ grafana_folder: "KubeBYON" });
  });

  it("ships the alerts an operator needs, each with a summary and severity", async () => {
    const r = await helm.render(chart, allOn);
    const rules = r.get<PrometheusRule>("PrometheusRule", fullname).spec.groups.flatMap((g) => g.rules);
    expect(rules.map((rule) => rule.alert).sort()).toEqual([
      "KubebyonAdmissionWebhookErrors",
      "KubebyonClustersUnreachable",
      "KubebyonJobBacklogGrowing",
      "KubebyonJobLeaseExpiries",
      "KubebyonJobsFailing",
      "KubebyonTaskFailing",
      "KubebyonTaskLate",
    ]);
    for (const rule of rules) {
      expect(rule.labels?.severity, rule.alert).toBe("warning");
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      // Helm left Prometheus' own templates for the alert manager to fill.
      expect(rule.annotations?.description, rule.alert).not.toContain("<no value>");
    }
    expect(rules.find((rule) => rule.alert === "KubebyonTaskFailing")?.annotations?.summary).toBe("Background task {{ $labels.task }} keeps failing");
    const thresholds = await helm.render(chart, { ...allOn, monitoring: { ...allOn.monitoring, prometheusRule: { enabled: true, jobBacklogThreshold: 50, taskErrorStreak: 5 } } });
    const exprs = Object.fromEntries(thresholds.get<PrometheusRule>("PrometheusRule", fullname).spec.groups.flatMap((g) => g.rules).map((rule) => [rule.alert, rule.expr]));
    expect(exprs.KubebyonJobBacklogGrowing).toContain('kubebyon_jobs{status="pending"}) > 50');
    expect(exprs.KubebyonTaskFailing).toContain(">= 5");
    const dashboard = dashboardOf(r);
    expect(dashboard.uid).toBe("kubebyon-platform");
    expect(dashboard.panels.flatMap((p) => p.targets ?? []).every((t) => !t.legendFormat.includes("`"))).toBe(true);
  });

  it("every rule and dashboard expression parses as PromQL and selects only metrics the platform registers", async () => {
    const r = await helm.render(chart, allOn);
    const found = expressions(r);
    expect(found.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const [where, expr] of found) {
      const parsed = parsePromQL(expr);
      for (const error of parsed.errors) problems.push(`${where}: ${error} in ${expr}`);
      expect(parsed.metricNames.length, `${where} selects a metric`).toBeGreaterThan(0);
      for (const name of parsed.metricNames) {
        if (!registered.has(name)) problems.push(`${where}: ${name} is not a metric the platform registers`);
      }
    }
    expect(problems).toEqual([]);
    // The parser does find errors: a broken expression is not waved through.
    expect(parsePromQL("sum(rate(kubebyon_jobs[5m]) >").errors).not.toEqual([]);
  });
});

