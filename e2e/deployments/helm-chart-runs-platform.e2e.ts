import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AdmissionregistrationV1Api, AuthorizationV1Api, CoreV1Api, KubeConfig, RbacAuthorizationV1Api, VersionApi } from "@kubernetes/client-node";
import { stringify as stringifyYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAppBuild, freePort } from "@e2e/env/app-server";
import { seedPlatformApiKeySecret } from "@e2e/env/host-platform";
import { CookieJar, signInOverHttp } from "@e2e/env/http-session";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { kubeObjectExists } from "@e2e/env/kube/object-exists";
import { playVclusterBehindService } from "@e2e/env/node-port-vcluster";
import { serviceAccountKubeconfig } from "@e2e/env/platform-rbac";
import { startClusterDnsStandIn, type ClusterDnsStandIn } from "@e2e/env/pod/cluster-dns-stand-in";
import { platformImages } from "@e2e/env/pod/platform-images";
import { runDeploymentPod, type DeploymentPodOptions, type RunningPod } from "@e2e/env/pod/run-deployment-pod";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createTestQueues, type TestQueues } from "@e2e/env/rabbitmq";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { waitFor } from "@e2e/env/wait-for";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import type { ClusterView } from "@/server/services/clusters/cluster-view";

/**
 * Each Helm chart really runs the platform. `helm install` puts the chart into a test host
 * apiserver; then the pod runner starts its pods (single-node: web running the jobs in-process;
 * multi-node: web + worker over RabbitMQ) exactly as the stored
 * Deployments declare them (command, env/envFrom, mounted ConfigMaps and Secrets, user, read-only
 * root filesystem), each authenticated only by a TokenRequest token of the chart's
 * ServiceAccount at the in-cluster path, with cluster DNS. No kubeconfig is given: the platform
 * runs in-cluster and reaches each vCluster by its Service name. A cluster then goes create →
 * ready → join token → delete through REST, and the ServiceAccount is refused what the chart
 * does not grant. The bundled PostgreSQL and RabbitMQ are not run (no container engine): the
 * chart's external-Secret variant points at this machine's PostgreSQL and RabbitMQ.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const NAMESPACE = "kubebyon-system";
const RELEASE = "kb";
const FULLNAME = "kb-kubebyon";
const ADMIN = { email: "operator@example.test", password: "chart-admin-password-123" };

interface Variant {
  chart: "single-node" | "multi-node";
  /** Processes the chart runs: web alone (jobs in-process) or web + worker (jobs over RabbitMQ). */
  deployments: Array<"web" | "worker">;
}

const VARIANTS: Variant[] = [
  { chart: "multi-node", deployments: ["web", "worker"] },
  { chart: "single-node", deployments: ["web"] },
];

describe.each(VARIANTS)("the $chart chart runs the platform in-cluster", (variant) => {
  let kube: KubeCluster;
  let dns: ClusterDnsStandIn;
  let db: TestDatabase;
  let queues: TestQueues | undefined;
  let scratch: string;
  /** The host apiserver's CA, as kube-root-ca.crt carries it into every pod. */
  let caPem: string;
  let baseUrl: string;
  /** multi-node: the port of the worker pod's /healthz, /readyz and /metrics listener. */
  let workerMetricsPort: number | undefined;
  const pods = new Map<"web" | "worker", RunningPod>();
  const jar = new CookieJar();
  /** The process that runs the cluster jobs. */
  const jobRunner = () => pods.get(variant.deployments.includes("worker") ? "worker" : "web")!;

  async function call<T = Record<string, unknown>>(method: "GET" | "POST" | "DELETE", p: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseUrl}/api/console${p}`, {
      method,
      headers: { cookie: jar.header(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async function waitForReady(pod: RunningPod): Promise<void> {
    await waitFor(
      "the web pod to answer /readyz",
      async () => {
        if (pod.child.exitCode !== null) throw new Error(`the web pod exited with ${pod.child.exitCode}:\n${(await pod.output()).slice(-4000)}`);
        return fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status, () => 0);
      },
      (status) => status === 200,
      120_000,
    );
  }

  const serviceExists = (c: ClusterView) => kubeObjectExists(() => kube.kubeConfig().makeApiClient(CoreV1Api).readNamespacedService({ name: c.vcluster_name, namespace: c.namespace }));

  /** The chart's ServiceAccount as a client: a fresh TokenRequest token, nothing else. */
  const asChartServiceAccount = async (): Promise<KubeConfig> =>
    (await serviceAccountKubeconfig(kube, { namespace: NAMESPACE, name: FULLNAME, file: path.join(scratch, "chart-service-account.kubeconfig") })).kubeConfig;

  beforeAll(async () => {
    kube = await startKubeCluster({ controllerManager: true });
    await seedPlatformApiKeySecret(kube);
    caPem = Buffer.from(kube.kubeConfig().getCurrentCluster()?.caData ?? "", "base64").toString("utf8");
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);

    // What a kubelet's pods find: the kubernetes Service (kube-proxy sends its ClusterIP to the
    // apiserver) and cluster DNS on the kube-dns Service's ClusterIP.
    await kube.proxy.setBackend("default", "kubernetes", kube.server);
    const kubeDns = await core.createNamespacedService({
      namespace: "kube-system",
      body: { metadata: { name: "kube-dns" }, spec: { ports: [{ name: "dns", port: 53, protocol: "UDP" }] } },
    });
    dns = await startClusterDnsStandIn({ host: kube.kubeConfig(), address: kubeDns.spec?.clusterIP ?? "" });
    const kubernetes = await core.readNamespacedService({ name: "kubernetes", namespace: "default" });

    db = await createTestDatabase(`helm_${variant.chart}`, { migrate: false });
    const multi = variant.chart === "multi-node";
    if (multi) queues = await createTestQueues("helm-chart");
    const secrets: Record<string, Record<string, string>> = {
      "platform-database": { url: db.url },
      "platform-admin": { password: ADMIN.password },
      ...(queues ? { "platform-rabbitmq": { url: queues.url } } : {}),
    };
    for (const [name, data] of Object.entries(secrets)) {
      await core.createNamespacedSecret({ namespace: NAMESPACE, body: { metadata: { name }, stringData: data } });
    }

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const values = {
      publicUrl: baseUrl,
      admin: { email: ADMIN.email, existingSecret: "platform-admin" },
      database: { bundled: { enabled: false }, external: { existingSecret: "platform-database", key: "url" } },
      web: { replicas: 1, port },
      ...(queues
        ? {
            rabbitmq: { bundled: { enabled: false }, external: { existingSecret: "platform-rabbitmq", key: "url" } },
            // The pods share this machine's network: a free port for the worker's listener, not :9090.
            worker: { replicas: 1, metricsPort: (workerMetricsPort = await freePort()) },
          }
        : {}),
      // The air-gapped form: a chart path the pods can read — the stand-in chart in this repository,
      // as the pods see it under the image's /app (their /tmp is an emptyDir, whatever the host has there).
      vcluster: { chart: path.posix.join("/app", path.relative(repoRoot, STAND_IN_CHART)) },
      config: {
        ...(queues ? { KUBEBYON_RABBITMQ_QUEUE: queues.name("jobs") } : {}),
        KUBEBYON_JOB_POLL_INTERVAL_MS: "500",
        KUBEBYON_SESSION_COOKIE_SECURE: "false",
      },
    };
    scratch = await mkdtemp(path.join(os.tmpdir(), "kubebyon-chart-pods-"));
    const valuesFile = path.join(scratch, "values.yaml");
    await writeFile(valuesFile, stringifyYaml(values));
    await kube.helm(["install", RELEASE, path.join(repoRoot, "deployments", variant.chart, "helm/kubebyon"), "--namespace", NAMESPACE, "--values", valuesFile]);
    await ensureAppBuild();

    const podOptions = (deployment: string): DeploymentPodOptions => ({
      host: kube.kubeConfig(),
      caPem,
      namespace: NAMESPACE,
      deployment,
      ...platformImages(kube.tools),
      kubernetesService: { host: kubernetes.spec?.clusterIP ?? "", port: 443 },
      dns,
      dir: scratch,
      logFile: path.join(repoRoot, "test-results", "chart-pods", `${variant.chart}-${deployment}-${randomBytes(3).toString("hex")}.log`),
    });
    for (const component of variant.deployments) {
      const pod = await runDeploymentPod(podOptions(`${FULLNAME}-${component}`), component);
      pods.set(component, pod);
      if (component === "web") await waitForReady(pod);
    }
    const signIn = await signInOverHttp(baseUrl, jar, ADMIN.email, ADMIN.password);
    expect(signIn.error).toBeNull();
  });

  afterAll(async () => {
    for (const pod of [...pods.values()].reverse()) await pod.stop();
    await dns?.stop();
    await kube?.stop();
    await queues?.cleanup();
    await db?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("starts its pods as the chart's ServiceAccount, with no kubeconfig", async () => {
    for (const pod of pods.values()) {
      expect(pod.serviceAccount).toBe(FULLNAME);
      expect(Object.keys(pod.env)).not.toContain("KUBEBYON_KUBECONFIG_PATH");
      expect(pod.mounts.map((m) => m.target)).toContain("/var/run/secrets/kubernetes.io/serviceaccount");
    }
    const log = await pods.get("web")!.output();
    const backend = log.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === "using vcluster backend");
    expect(backend).toMatchObject({ vcluster_route: "service" });
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    // The worker's probes target its own listener (worker.metricsPort): ready once its job processing runs.
    if (workerMetricsPort !== undefined) {
      const workerUrl = `http://127.0.0.1:${workerMetricsPort}`;
      const ready = await waitFor("the worker pod's /readyz", () => fetch(`${workerUrl}/readyz`).then((r) => r.status, () => 0), (status) => status === 200, 120_000);
      expect(ready).toBe(200);
      expect(await (await fetch(`${workerUrl}/metrics`)).text()).toContain("# TYPE kubebyon_jobs gauge");
    }
  });

  it("creates a cluster through REST: the job installs it as the ServiceAccount, the platform reaches it by Service name", async () => {
    const created = await call<ClusterView>("POST", "/clusters", { name: "Chart Demo", public_access_mode: "off" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cluster = created.body;
    // The job's helm install (as the ServiceAccount) is what makes the Service appear; a job that
    // fails instead is reported with its error rather than as a missing Service.
    await waitFor(
      "the create job to install the release",
      async () => ({ cluster: (await call<ClusterView>("GET", `/clusters/${cluster.id}`)).body, service: await serviceExists(cluster) }),
      (s) => s.service || s.cluster.status === "error",
      120_000,
    ).then((s) => expect(s.cluster.last_error).toBeNull());
    const played = await playVclusterBehindService({ kube, vclusterName: cluster.vcluster_name, namespace: cluster.namespace });
    try {
      const ready = await waitFor("the cluster to turn ready", async () => (await call<ClusterView>("GET", `/clusters/${cluster.id}`)).body, (c) => c.status !== "provisioning", 120_000);
      expect(ready, `${(await jobRunner().output()).slice(-3000)}`).toMatchObject({ status: "ready", last_error: null });
      // The platform resolved the vCluster's Service through cluster DNS (route "service").
      expect(dns.queries).toContain(`${cluster.vcluster_name}.${cluster.namespace}.svc.cluster.local`);

      const token = await call<{ token: string; join_command: string }>("POST", `/clusters/${cluster.id}/join-token`, { ttl_seconds: 3600 });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      expect(token.body.join_command).toContain(`${baseUrl}/api/join/clusters/${cluster.id}/script?token=${token.body.token}`);
      const asNode = kubeConfigFromCredentials({ server: played.vc.server, caPem: played.vc.tls.caPem, token: token.body.token });
      expect((await asNode.makeApiClient(VersionApi).getCode()).gitVersion).toBe(played.vc.version);

      const deleted = await call("DELETE", `/clusters/${cluster.id}`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const gone = await waitFor("the cluster to be deleted", async () => (await call<ClusterView>("GET", `/clusters/${cluster.id}`)).body, (c) => c.status === "deleted" || c.status === "error", 120_000);
      expect(gone).toMatchObject({ status: "deleted" });
      expect(await kubeObjectExists(() => kube.kubeConfig().makeApiClient(CoreV1Api).readNamespace({ name: cluster.namespace }))).toBe(false);
    } finally {
      await played.close();
    }
  });

  it("refuses the ServiceAccount what the chart does not grant", async () => {
    const sa = await asChartServiceAccount();
    await expect(sa.makeApiClient(CoreV1Api).listNamespacedSecret({ namespace: "kube-system" })).rejects.toMatchObject({ code: 403 });
    await expect(sa.makeApiClient(CoreV1Api).deleteNode({ name: "any" })).rejects.toMatchObject({ code: 403 });
    const review = await sa.makeApiClient(AuthorizationV1Api).createSelfSubjectAccessReview({
      body: { apiVersion: "authorization.k8s.io/v1", kind: "SelfSubjectAccessReview", spec: { resourceAttributes: { namespace: "default", verb: "get", resource: "secrets" } } },
    });
    expect(review.status?.allowed).toBe(false);
  });

  it("keeps the ServiceAccount's namespace and RoleBinding rights to its own cluster namespaces (the namespace guard)", async () => {
    const policy = await kube.kubeConfig().makeApiClient(AdmissionregistrationV1Api).readValidatingAdmissionPolicy({ name: `${FULLNAME}-namespace-guard` });
    expect(policy.status?.typeChecking?.expressionWarnings ?? []).toEqual([]);
    const sa = await asChartServiceAccount();
    const rbac = sa.makeApiClient(RbacAuthorizationV1Api);
    const core = sa.makeApiClient(CoreV1Api);
    // RBAC alone would allow each of these; the policy refuses them.
    const bindTenantRole = rbac.createNamespacedRoleBinding({
      namespace: "kube-system",
      body: {
        metadata: { name: "kubebyon-platform" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: `${FULLNAME}-tenant` },
        subjects: [{ kind: "ServiceAccount", name: FULLNAME, namespace: NAMESPACE }],
      },
    });
    await expect(bindTenantRole).rejects.toMatchObject({ code: 403, body: expect.stringContaining("namespace kube-system is not one") });
    // A namespace that is not a cluster's (the apiserver itself already protects default and kube-system).
    await kube.kubeConfig().makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: "bystander" } } });
    await expect(core.deleteNamespace({ name: "bystander" })).rejects.toMatchObject({ code: 403, body: expect.stringContaining("namespace-guard") });
    await expect(core.createNamespace({ body: { metadata: { name: "unlabelled" } } })).rejects.toMatchObject({ code: 403 });
  });
});
