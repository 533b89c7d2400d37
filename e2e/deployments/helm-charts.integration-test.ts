import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  AppsV1Api,
  CoreV1Api,
  KubernetesObjectApi,
  type KubernetesObject,
  type V1ClusterRole,
  type V1ConfigMap,
  type V1Deployment,
  type V1NetworkPolicy,
  type V1Role,
  type V1Service,
} from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config/env";
import { allows, formatMissing, missingHostPermissions } from "@/server/domain/platform-health/permissions";
import { kubeObjectExists } from "../env/kube/object-exists";
import { startKubeCluster, type KubeCluster } from "../env/kube-cluster";
import { ensureKubeTools } from "../env/kube-tools";
import { STAND_IN_CHART } from "../env/stand-in-chart";
import { waitFor } from "../env/wait-for";
import {
  expectedConfigAllowList,
  platformContainer,
  podSpec,
  schemaKeys,
  wiredByChart,
  WIRED_WITH_CONTROL_PLANE_GATEWAY,
  WIRED_WITH_WORKLOAD_GATEWAY,
  SECRET_SETTINGS,
} from "../env/charts/helm-chart-contract";
import { ALL_VERBS, clusterScopedNeeds, generalRules, namespacedNeeds, notGranted } from "../env/charts/helm-chart-rbac";
import { CHARTS, HelmRunner, parseManifests, publicUrl, repoRoot, type ChartUnderTest, type Rendered, type Values } from "../env/charts/helm-chart-render";
import { kubectlAs } from "../env/charts/kubectl-as";

/**
 * The Helm charts (deployments/{single,multi}-node/helm/kubebyon over the kubebyon-common library)
 * rendered and linted by the real helm for each values variant, their schema's refusals, and the
 * `config` allow-list against src/server/config/env.ts; then `helm install/upgrade/uninstall` into a
 * kube-apiserver that runs RBAC, and what the platform's ServiceAccount may do there.
 */

import { configData, expectContract, fullname, namespace, secretsForParse, variants } from "../env/charts/helm-chart-variants";

describe.each(CHARTS)("$mode Helm chart", (chart) => {
  let helm: HelmRunner;

  beforeAll(async () => {
    helm = await HelmRunner.create((await ensureKubeTools()).helm);
  });
  afterAll(async () => helm?.cleanup());

  it.each(variants.filter((v) => chart.multiNode || !v.multiOnly).map((v) => [v.name, v] as const))("%s: helm lint --strict passes and helm template renders the contract", async (_name, variant) => {
    const values = { publicUrl, ...variant.values };
    const lint = await helm.run(["lint", "--strict", chart.dir, "-f", await helm.valuesFile(values)]);
    expect(lint.code, `${lint.stdout}\n${lint.stderr}`).toBe(0);
    expect(lint.stdout).toContain("0 chart(s) failed");
    const rendered = await helm.render(chart, values);
    expectContract(rendered, chart, values);
    variant.check?.(rendered, chart);
  });

  it("packages with the library vendored (helm follows the charts/ symlink) and renders the same objects from the .tgz", async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), "kubebyon-chart-package-"));
    try {
      const pkg = await helm.run(["package", chart.dir, "-d", out]);
      expect(pkg.code, pkg.stderr).toBe(0);
      const tgz = path.join(out, "kubebyon-0.1.0.tgz");
      const fromDir = await helm.render(chart, { publicUrl });
      const fromTgz = await helm.render({ ...chart, dir: tgz }, { publicUrl });
      const ids = (r: Rendered) => r.objects.map((o) => `${o.kind}/${o.metadata?.name}`).sort();
      expect(ids(fromTgz)).toEqual(ids(fromDir));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it("names objects <release>-kubebyon, or <release> when the release name contains kubebyon", async () => {
    const plain = await helm.render(chart, { publicUrl }, { release: "prod" });
    expect(plain.find("Deployment", "prod-kubebyon-web")).toBeDefined();
    const named = await helm.render(chart, { publicUrl }, { release: "kubebyon" });
    expect(named.find("Deployment", "kubebyon-web")).toBeDefined();
    expect(named.get<V1ConfigMap>("ConfigMap", "kubebyon-config").data?.KUBEBYON_TENANT_CLUSTER_ROLE).toBe("kubebyon-tenant");
  });

  it("keeps session cookies non-Secure for an http publicUrl and lets config turn them off for https", async () => {
    const http = await helm.render(chart, { publicUrl: "http://kubebyon.internal:8080" });
    expect(parseConfig({ ...configData(http), ...secretsForParse }).sessionCookieSecure).toBe(false);
    const off = await helm.render(chart, { publicUrl, config: { KUBEBYON_SESSION_COOKIE_SECURE: "false" } });
    expect(parseConfig({ ...configData(off), ...secretsForParse }).sessionCookieSecure).toBe(false);
  });

  it("serves on web.port everywhere the port appears (command, container port, KUBEBYON_HTTP_ADDR, NetworkPolicy)", async () => {
    const r = await helm.render(chart, { publicUrl, web: { port: 8080 } });
    const web = platformContainer(r.get<V1Deployment>("Deployment", `${fullname}-web`));
    expect(web.command?.slice(-2)).toEqual(["-p", "8080"]);
    expect(web.ports?.[0]?.containerPort).toBe(8080);
    expect(parseConfig({ ...configData(r), ...secretsForParse }).httpPort).toBe(8080);
    expect(r.get<V1NetworkPolicy>("NetworkPolicy", `${fullname}-web`).spec?.ingress?.[0]?.ports?.[0]?.port).toBe(8080);
    expect(r.get<V1Service>("Service", `${fullname}-web`).spec?.ports?.[0]).toMatchObject({ port: 80, targetPort: "http" });
  });

  it("mounts extraVolumes into the platform containers (e.g. a local vcluster chart) and can leave RBAC to the operator", async () => {
    const r = await helm.render(chart, {
      publicUrl,
      extraVolumes: [{ name: "charts", configMap: { name: "vcluster-chart" } }],
      extraVolumeMounts: [{ name: "charts", mountPath: "/opt/charts", readOnly: true }],
      vcluster: { chart: "/opt/charts/vcluster-0.33.0.tgz" },
      rbac: { create: false },
      serviceAccount: { create: false, name: "platform" },
    });
    for (const d of r.ofKind<V1Deployment>("Deployment")) {
      expect(podSpec(d).volumes?.find((v) => v.name === "charts")?.configMap?.name).toBe("vcluster-chart");
      expect(platformContainer(d).volumeMounts?.find((m) => m.name === "charts")?.mountPath).toBe("/opt/charts");
      expect(podSpec(d).serviceAccountName).toBe("platform");
    }
    expect(configData(r).KUBEBYON_VCLUSTER_CHART).toBe("/opt/charts/vcluster-0.33.0.tgz");
    for (const kind of ["ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"]) expect(r.ofKind(kind), kind).toEqual([]);
    const unnamed = await helm.template(chart, { publicUrl, serviceAccount: { create: false } });
    expect(unnamed.stderr).toContain("serviceAccount.name: set the name of an existing ServiceAccount");
  });

  it.each([
    ["web.replicas", { web: { replicas: "two" } }, "/web/replicas"],
    ["vcluster.route", { vcluster: { route: "bogus" } }, "/vcluster/route"],
    ["an unknown setting", { config: { KUBEBYON_NOT_A_SETTING: "x" } }, "KUBEBYON_NOT_A_SETTING"],
    ["a setting the chart wires itself", { config: { KUBEBYON_PUBLIC_URL: publicUrl } }, "KUBEBYON_PUBLIC_URL"],
    ["the kubeconfig path (in-cluster mode)", { config: { KUBEBYON_KUBECONFIG_PATH: "/etc/kubeconfig" } }, "KUBEBYON_KUBECONFIG_PATH"],
    ["a secret setting", { config: { KUBEBYON_SMTP_PASSWORD: "hunter2" } }, "KUBEBYON_SMTP_PASSWORD"],
    ["an unknown top-level value", { replicas: 3 }, "'replicas'"],
    ["a mistyped nested value", { database: { bundled: { enabled: "sometimes" } } }, "/database/bundled/enabled"],
    ["an admission failure policy Kubernetes does not know", { admissionWebhook: { failurePolicy: "Retry" } }, "/admissionWebhook/failurePolicy"],
    ["an admission timeout over Kubernetes' 30 s", { admissionWebhook: { timeoutSeconds: 31 } }, "/admissionWebhook/timeoutSeconds"],
    ["a non-https admission URL", { admissionWebhook: { url: "http://hooks.example.com" } }, "/admissionWebhook/url"],
    ["the admission settings through config", { config: { KUBEBYON_ADMISSION_WEBHOOK_ENABLED: true } }, "KUBEBYON_ADMISSION_WEBHOOK_ENABLED"],
  ] as const)("the schema refuses %s and the message names it", async (_what, bad, named) => {
    const result = await helm.template(chart, { publicUrl, ...bad });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(named);
  });

  it("refuses a missing or non-http publicUrl, naming publicUrl", async () => {
    for (const values of [{}, { publicUrl: "" }, { publicUrl: "kubebyon.example.com" }]) {
      const result = await helm.template(chart, values);
      expect(result.code, JSON.stringify(values)).not.toBe(0);
      expect(result.stderr).toContain("/publicUrl");
    }
  });

  it("stops with a clear message on contradictory values", async () => {
    const cases: Array<[Values, string]> = [
      [{ database: { external: { existingSecret: "kubebyon-db" } } }, "set database.bundled.enabled=false to use the external one"],
      [{ database: { bundled: { enabled: false } } }, "database: no PostgreSQL"],
      [{ admin: { existingSecret: "kubebyon-admin" } }, "admin.existingSecret is set but admin.email is empty"],
      [{ httpRoute: { enabled: true } }, "httpRoute.parentRefs is empty"],
    ];
    if (chart.multiNode) {
      cases.push([{ rabbitmq: { bundled: { enabled: false } } }, "the multi-node chart needs RabbitMQ"]);
      cases.push([{ rabbitmq: { external: { existingSecret: "kubebyon-mq" } } }, "set rabbitmq.bundled.enabled=false to use the external one"]);
    }
    for (const [values, message] of cases) {
      const result = await helm.template(chart, { publicUrl, ...values });
      expect(result.code, JSON.stringify(values)).not.toBe(0);
      expect(result.stderr).toContain(message);
    }
  });

  it("offers in `config` exactly the env.ts settings the chart does not set itself (no secrets, no embedded PostgreSQL)", async () => {
    const schema = JSON.parse(await readFile(path.join(chart.dir, "values.schema.json"), "utf8")) as {
      $schema: string;
      additionalProperties: boolean;
      properties: { config: { additionalProperties: boolean; properties: Record<string, unknown> } };
    };
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.config.additionalProperties).toBe(false);
    const offered = Object.keys(schema.properties.config.properties).sort();
    const expected = expectedConfigAllowList(chart);
    const missing = expected.filter((k) => !offered.includes(k));
    const extra = offered.filter((k) => !expected.includes(k));
    expect({ missing, extra }, "config allow-list vs the registry src/server/config/settings.ts (run npm run config:generate)").toEqual({ missing: [], extra: [] });
    for (const k of SECRET_SETTINGS) expect(schemaKeys.has(k), `${k} still in env.ts`).toBe(true);

    // "Wired by the chart" must be true: each such env.ts name is really set by the rendered chart.
    const rendered = await helm.render(chart, { publicUrl, admin: { email: "ops@example.com", existingSecret: "kubebyon-admin" } });
    const set = new Set(Object.keys(configData(rendered)));
    for (const d of rendered.ofKind<V1Deployment>("Deployment")) for (const e of platformContainer(d).env ?? []) set.add(e.name);
    for (const k of wiredByChart(chart)) expect(set.has(k), `${k} is declared as set by the chart (src/server/config/settings.ts)`).toBe(true);
    for (const k of WIRED_WITH_CONTROL_PLANE_GATEWAY) expect(set.has(k), `${k} only with gatewayAPI.controlPlane.enabled`).toBe(false);
    const withGateway = configData(await helm.render(chart, { publicUrl, gatewayAPI: { controlPlane: { enabled: true, gatewayClassName: "eg" } } }));
    for (const k of WIRED_WITH_CONTROL_PLANE_GATEWAY) expect(Object.keys(withGateway), `${k} is set with gatewayAPI.controlPlane.enabled`).toContain(k);
    for (const k of WIRED_WITH_WORKLOAD_GATEWAY) expect(set.has(k), `${k} only with gatewayAPI.workload.enabled`).toBe(false);
    const withWorkload = configData(
      await helm.render(chart, {
        publicUrl,
        gatewayAPI: {
          workload: {
            enabled: true,
            gatewayClassName: "eg",
            tls: { enabled: true, issuer: { name: "le" }, selfManaged: { enabled: true, issuerOverride: { name: "le-self" } } },
            podCIDRRoute: { enabled: true },
          },
        },
      }),
    );
    for (const k of WIRED_WITH_WORKLOAD_GATEWAY) expect(Object.keys(withWorkload), `${k} is set with gatewayAPI.workload.enabled`).toContain(k);
  });

  it("grants the tenant ClusterRole what the platform and the vcluster chart need in a cluster namespace, and the cluster-wide one no more than cluster-scoped needs", async () => {
    const r = await helm.render(chart, { publicUrl });
    const tenant = r.get<V1ClusterRole>("ClusterRole", `${fullname}-tenant`);
    expect(notGranted(generalRules(tenant), namespacedNeeds()), "tenant ClusterRole misses").toEqual([]);
    const cluster = r.get<V1ClusterRole>("ClusterRole", fullname);
    const clusterRules = generalRules(cluster);
    expect(notGranted(clusterRules, clusterScopedNeeds()), "cluster-wide ClusterRole misses").toEqual([]);
    for (const [group, resource] of [["", "secrets"], ["", "configmaps"], ["", "services"], ["rbac.authorization.k8s.io", "roles"], ["rbac.authorization.k8s.io", "clusterroles"], ["rbac.authorization.k8s.io", "clusterrolebindings"]] as const) {
      const granted = ALL_VERBS.filter((v) => allows(clusterRules, group, resource, v));
      expect(granted, `cluster-wide verbs on ${resource}`).toEqual([]);
    }
    const named = (cluster.rules ?? []).filter((rule) => rule.resourceNames?.length);
    expect(named).toEqual([{ apiGroups: ["rbac.authorization.k8s.io"], resources: ["clusterroles"], resourceNames: [`${fullname}-tenant`], verbs: ["bind", "get"] }]);

    const binding = r.get<KubernetesObject & { roleRef: { name: string }; subjects: unknown }>("ClusterRoleBinding", fullname);
    expect(binding.roleRef.name, "only the cluster-wide role is bound cluster-wide").toBe(fullname);
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: fullname, namespace }]);
    expect(r.ofKind("ClusterRoleBinding")).toHaveLength(1);

    const role = r.get<V1Role>("Role", fullname);
    expect(role.rules).toEqual([{ apiGroups: [""], resources: ["secrets"], resourceNames: ["vcluster-platform-api-key"], verbs: ["get"] }]);
    const elsewhere = await helm.render(chart, { publicUrl, vcluster: { platformApiKeySecret: { name: "license", namespace: "vcluster-platform" } } });
    expect(elsewhere.get<V1Role>("Role", fullname).metadata?.namespace).toBe("vcluster-platform");
    expect(configData(elsewhere).KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE).toBe("vcluster-platform");
    expect(podSpec(elsewhere.get<V1Deployment>("Deployment", `${fullname}-web`)).serviceAccountName).toBe(fullname);
  });
});

it("lints the kubebyon-common library chart on its own", async () => {
  const helm = await HelmRunner.create((await ensureKubeTools()).helm);
  try {
    const lint = await helm.run(["lint", "--strict", path.join(repoRoot, "deployments/common/helm/kubebyon-common")]);
    expect(lint.code, `${lint.stdout}\n${lint.stderr}`).toBe(0);
  } finally {
    await helm.cleanup();
  }
});

describe("helm install into a test kube-apiserver (RBAC on)", () => {
  let cluster: KubeCluster;
  let helm: HelmRunner;
  const kubectl = (args: readonly string[], opts: { as?: string; input?: string } = {}) =>
    kubectlAs({ bin: cluster.tools.kubectl, kubeconfigPath: cluster.kubeconfigPath, args, ...opts });
  const secretData = async (ns: string, name: string) => (await cluster.kubeConfig().makeApiClient(CoreV1Api).readNamespacedSecret({ name, namespace: ns })).data;

  beforeAll(async () => {
    cluster = await startKubeCluster();
    helm = await HelmRunner.create(cluster.tools.helm);
  });
  afterAll(async () => {
    await helm?.cleanup();
    await cluster?.stop();
  });

  it.each(CHARTS)("$mode: install creates every object with the release's labels, upgrade keeps the generated secrets, uninstall keeps them", async (chart) => {
    const release = chart.multiNode ? "multi" : "single";
    const ns = `kb-${chart.mode}`;
    const name = `${release}-kubebyon`;
    // Ingress and PDBs on too, so the apiserver validates those objects as well (an HTTPRoute needs the Gateway API CRDs, not available here).
    const valuesFile = await helm.valuesFile({ publicUrl, ingress: { enabled: true, className: "nginx" }, web: { podDisruptionBudget: { enabled: true } } });
    const install = await helm.run(["install", release, chart.dir, "-n", ns, "--create-namespace", "-f", valuesFile], cluster.kubeconfigPath);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout, "NOTES").toContain(publicUrl);
    expect(install.stdout).toContain("docs/runbooks/helm.md");

    const manifest = await helm.run(["get", "manifest", release, "-n", ns], cluster.kubeconfigPath);
    const objects = parseManifests(manifest.stdout);
    const kinds = new Set(objects.map((o) => o.kind));
    for (const kind of ["Deployment", "StatefulSet", "Service", "ConfigMap", "Secret", "ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding", "NetworkPolicy", "Ingress", "PodDisruptionBudget"]) expect(kinds, kind).toContain(kind);
    const api = KubernetesObjectApi.makeApiClient(cluster.kubeConfig());
    for (const o of objects) {
      const live = await api.read({ apiVersion: o.apiVersion ?? "", kind: o.kind ?? "", metadata: { name: o.metadata?.name ?? "", namespace: o.metadata?.namespace } });
      expect(live.metadata?.labels, `${o.kind}/${o.metadata?.name}`).toMatchObject({ "app.kubernetes.io/instance": release, "app.kubernetes.io/managed-by": "Helm" });
    }

    const generated = [`${name}-auth`, `${name}-postgres`, ...(chart.multiNode ? [`${name}-rabbitmq`] : [])];
    const before = new Map<string, unknown>();
    for (const secret of generated) before.set(secret, await secretData(ns, secret));
    expect(Buffer.from((before.get(`${name}-postgres`) as Record<string, string>).url ?? "", "base64").toString()).toContain(`@${name}-postgres.${ns}.svc:5432/`);

    const upgrade = await helm.run(["upgrade", release, chart.dir, "-n", ns, "-f", valuesFile, "--set", "config.KUBEBYON_LOG_LEVEL=debug"], cluster.kubeconfigPath);
    expect(upgrade.code, upgrade.stderr).toBe(0);
    const config = await cluster.kubeConfig().makeApiClient(CoreV1Api).readNamespacedConfigMap({ name: `${name}-config`, namespace: ns });
    expect(config.data?.KUBEBYON_LOG_LEVEL, "the upgrade did change something").toBe("debug");
    for (const secret of generated) expect(await secretData(ns, secret), `${secret} after upgrade`).toEqual(before.get(secret));

    const uninstall = await helm.run(["uninstall", release, "-n", ns], cluster.kubeconfigPath);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    const apps = cluster.kubeConfig().makeApiClient(AppsV1Api);
    expect(await kubeObjectExists(() => apps.readNamespacedDeployment({ name: `${name}-web`, namespace: ns })), "Deployment removed").toBe(false);
    for (const secret of generated) expect(await secretData(ns, secret), `${secret} kept (helm.sh/resource-policy: keep)`).toEqual(before.get(secret));

    // A reinstall adopts the kept Secrets and reads their values back instead of generating new ones.
    const again = await helm.run(["install", release, chart.dir, "-n", ns, "-f", valuesFile], cluster.kubeconfigPath);
    expect(again.code, again.stderr).toBe(0);
    for (const secret of generated) expect(await secretData(ns, secret), `${secret} after reinstall`).toEqual(before.get(secret));
  });

  it("lets the platform's ServiceAccount run a cluster namespace as the tenant ClusterRole allows, and nothing beyond", async () => {
    const ns = "kubebyon-system";
    const chart = CHARTS[0] as ChartUnderTest;
    const install = await helm.run(["install", "kubebyon", chart.dir, "-n", ns, "--create-namespace", "-f", await helm.valuesFile({ publicUrl })], cluster.kubeconfigPath);
    expect(install.code, install.stderr).toBe(0);
    expect((await kubectl(["-n", ns, "create", "secret", "generic", "vcluster-platform-api-key", "--from-literal=accessKey=test"])).code).toBe(0);
    const as = `system:serviceaccount:${ns}:kubebyon`;
    const ok = async (args: readonly string[], input?: string) => {
      const result = await kubectl(args, { as, input });
      expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(0);
      return result.stdout;
    };
    const forbidden = async (args: readonly string[]) => {
      const result = await kubectl(args, { as });
      expect(result.code, `${args.join(" ")} must be refused`).not.toBe(0);
      expect(result.stderr).toContain("forbidden");
    };

    // The namespace guard (a ValidatingAdmissionPolicy) takes effect once the apiserver has loaded
    // it: until then a server-side dry run of an unlabelled namespace still passes.
    await waitFor(
      "the namespace guard to refuse an unlabelled namespace",
      () => kubectl(["create", "namespace", "not-a-cluster", "--dry-run=server"], { as }),
      (r) => r.code !== 0,
      30_000,
    ).then((r) => expect(r.stderr).toContain("kubebyon-namespace-guard"));
    await forbidden(["delete", "namespace", "default", "--dry-run=server"]);

    // What the cluster.create job does before helm: namespace (with the cluster label the guard
    // asks for), then the tenant role bound in it.
    await ok(["create", "-f", "-"], JSON.stringify({ apiVersion: "v1", kind: "Namespace", metadata: { name: "kb-c1", labels: { "kubebyon.io/cluster-id": "cl_test" } } }));
    await ok(["-n", "kb-c1", "create", "rolebinding", "kubebyon-platform", "--clusterrole=kubebyon-tenant", `--serviceaccount=${ns}:kubebyon`]);
    // Any other ClusterRole is refused (cluster-admin: admin/edit/view stay empty here, without the
    // controller-manager's aggregation, and an empty role may be bound by anyone).
    await forbidden(["-n", "kb-c1", "create", "rolebinding", "sneaky", "--clusterrole=cluster-admin", `--serviceaccount=${ns}:kubebyon`]);

    // The platform-health check, as the platform runs it, finds nothing missing in that namespace.
    const review = JSON.parse(await ok(["create", "--validate=false", "-o", "json", "-f", "-"], JSON.stringify({ apiVersion: "authorization.k8s.io/v1", kind: "SelfSubjectRulesReview", spec: { namespace: "kb-c1" } }))) as {
      status: { resourceRules: Array<{ apiGroups?: string[]; resources?: string[]; verbs: string[] }> };
    };
    const rules = review.status.resourceRules.map((r) => ({ apiGroups: r.apiGroups ?? [], resources: r.resources ?? [], verbs: r.verbs }));
    expect(missingHostPermissions(rules).map(formatMissing)).toEqual([]);

    // Then quota and limits, the API key copy, and helm with the vcluster stand-in (the upstream
    // chart's objects: ServiceAccounts, Secret, Role and RoleBinding vc-<release>, Services,
    // StatefulSet; the Role needs no escalate), all as the ServiceAccount.
    await ok(["-n", "kb-c1", "create", "quota", "plan", "--hard=pods=20"]);
    await ok(["-n", "kb-c1", "create", "secret", "generic", "vcluster-platform-api-key", "--from-literal=accessKey=test"]);
    const asSa = ["--kube-as-user", as];
    for (const args of [
      ["upgrade", "--install", "demo", STAND_IN_CHART, "-n", "kb-c1", "--wait=false", ...asSa],
      ["upgrade", "demo", STAND_IN_CHART, "-n", "kb-c1", "--set", "controlPlane.service.spec.type=NodePort", ...asSa],
      ["status", "demo", "-n", "kb-c1", ...asSa],
      ["uninstall", "demo", "-n", "kb-c1", ...asSa],
    ]) {
      const result = await helm.run(args, cluster.kubeconfigPath);
      expect(result.code, `helm ${args.slice(0, 2).join(" ")} as the ServiceAccount: ${result.stderr}`).toBe(0);
    }

    // Outside its cluster namespaces: the API key Secret only.
    await ok(["-n", ns, "get", "secret", "vcluster-platform-api-key"]);
    await forbidden(["-n", ns, "get", "secret", "kubebyon-auth"]);
    await forbidden(["-n", "kube-system", "get", "secrets"]);
    await forbidden(["-n", "default", "create", "configmap", "x"]);
    await forbidden(["-n", "default", "create", "role", "x", "--verb=get", "--resource=pods"]);
    await ok(["delete", "namespace", "kb-c1", "--wait=false"]);
  });
});
