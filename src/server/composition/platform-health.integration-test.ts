import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net, { type AddressInfo, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { ApiextensionsV1Api, CoreV1Api, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { freePort } from "@e2e/env/kube/free-port";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { serviceAccountKubeconfig } from "@e2e/env/platform-rbac";
import { testRabbitMqUrl } from "@e2e/env/rabbitmq";
import { startTestSmtpServer, type TestSmtpServer } from "@e2e/env/smtp-server";
import { STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { parseConfig } from "@/server/config/env";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { createLogger } from "@/server/observability/logger";
import { processHeartbeatTask } from "@/server/services/background/process-heartbeat.task";
import { checkPlatformHealth } from "@/server/services/platform-health/check-platform-health";
import type { PlatformHealthDeps } from "@/server/services/platform-health/platform-health-deps";
import type { HealthCheckView, PlatformHealthView } from "@/server/services/platform-health/platform-health-view";
import { StoredSettingsCache } from "@/server/services/settings/settings-cache";
import { buildPlatformHealthDeps } from "./platform-health";

/**
 * The back office's platform health on real parts, wired by the production composition from env:
 * a real kube-apiserver (as admin and as a service account with too few permissions), the real
 * helm binary with the stand-in chart and a chart path that does not exist, the machine's
 * RabbitMQ and a port where none listens, a real SMTP server (smtp-server) for the EHLO check and
 * a port where none listens.
 */
let kube: KubeCluster;
let testDb: TestDatabase;
let db: Db;
let smtp: TestSmtpServer;
let dir: string;
let limitedKubeconfig: string;

const byName = (view: PlatformHealthView) => Object.fromEntries(view.checks.map((c) => [c.name, c])) as Record<HealthCheckView["name"], HealthCheckView>;

function healthDeps(env: Record<string, string>, overrides: Partial<PlatformHealthDeps> = {}): PlatformHealthDeps {
  const config = parseConfig({ KUBEBYON_HELM_BIN: kube.tools.helm, KUBEBYON_VCLUSTER_CHART: STAND_IN_CHART, KUBECONFIG: "", ...env });
  return { ...buildPlatformHealthDeps(config, { db, now: () => new Date(), settingsCache: new StoredSettingsCache() }), ...overrides };
}

/** A kubeconfig for a service account that may only manage namespaces, quotas and a few objects: no delete, no RBAC escalation. */
async function limitedIdentity(): Promise<string> {
  const core = kube.kubeConfig().makeApiClient(CoreV1Api);
  const rbac = kube.kubeConfig().makeApiClient(RbacAuthorizationV1Api);
  await core.createNamespace({ body: { metadata: { name: "platform-limited" } } });
  await core.createNamespacedServiceAccount({ namespace: "platform-limited", body: { metadata: { name: "kubebyon" } } });
  await rbac.createClusterRole({
    body: {
      metadata: { name: "kubebyon-too-little" },
      rules: [
        { apiGroups: [""], resources: ["namespaces"], verbs: ["get", "create", "patch"] },
        { apiGroups: [""], resources: ["resourcequotas", "limitranges"], verbs: ["get", "create", "patch"] },
        { apiGroups: [""], resources: ["secrets", "services"], verbs: ["get", "list", "create", "update", "patch", "delete"] },
        { apiGroups: ["apps"], resources: ["statefulsets"], verbs: ["get", "list", "create", "update", "patch", "delete"] },
        { apiGroups: ["rbac.authorization.k8s.io"], resources: ["roles", "rolebindings"], verbs: ["get", "create", "update", "patch", "delete"] },
      ],
    },
  });
  await rbac.createClusterRoleBinding({
    body: {
      metadata: { name: "kubebyon-too-little" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "kubebyon-too-little" },
      subjects: [{ kind: "ServiceAccount", name: "kubebyon", namespace: "platform-limited" }],
    },
  });
  return (await serviceAccountKubeconfig(kube, { namespace: "platform-limited", name: "kubebyon", file: path.join(dir, "limited.kubeconfig") })).kubeconfigPath;
}

/**
 * The Helm chart's platform identity (values contract): a ServiceAccount whose cluster-wide ClusterRole holds
 * namespaces, nodes, the self reviews, rolebindings get/create/patch and get+bind on the tenant ClusterRoles
 * named here (written out, not derived from permissions.ts); the tenant ClusterRole itself is bound nowhere.
 */
async function tenantModeIdentity(bindable: string[]): Promise<string> {
  const core = kube.kubeConfig().makeApiClient(CoreV1Api);
  const rbac = kube.kubeConfig().makeApiClient(RbacAuthorizationV1Api);
  const ns = "platform-tenant";
  const RBAC = "rbac.authorization.k8s.io";
  await core.createNamespace({ body: { metadata: { name: ns } } });
  await core.createNamespacedServiceAccount({ namespace: ns, body: { metadata: { name: "kubebyon" } } });
  await core.createNamespacedSecret({ namespace: ns, body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
  await rbac.createClusterRole({
    body: {
      metadata: { name: "kubebyon-cluster-wide" },
      rules: [
        { apiGroups: [""], resources: ["namespaces"], verbs: ["get", "list", "watch", "create", "patch", "delete"] },
        { apiGroups: [""], resources: ["nodes"], verbs: ["get", "list", "watch"] },
        { apiGroups: ["authorization.k8s.io"], resources: ["selfsubjectrulesreviews"], verbs: ["create"] },
        { apiGroups: ["authentication.k8s.io"], resources: ["selfsubjectreviews"], verbs: ["create"] },
        { apiGroups: [RBAC], resources: ["rolebindings"], verbs: ["get", "create", "patch"] },
        { apiGroups: [RBAC], resources: ["clusterroles"], verbs: ["get", "bind"], resourceNames: bindable },
        // Readable, not bindable: what a chart whose resourceNames name another role would leave.
        { apiGroups: [RBAC], resources: ["clusterroles"], verbs: ["get"], resourceNames: ["kubebyon-tenant-unbindable"] },
      ],
    },
  });
  await rbac.createClusterRoleBinding({
    body: {
      metadata: { name: "kubebyon-cluster-wide" },
      roleRef: { apiGroup: RBAC, kind: "ClusterRole", name: "kubebyon-cluster-wide" },
      subjects: [{ kind: "ServiceAccount", name: "kubebyon", namespace: ns }],
    },
  });
  await rbac.createNamespacedRole({
    namespace: ns,
    body: { metadata: { name: "kubebyon" }, rules: [{ apiGroups: [""], resources: ["secrets"], verbs: ["get"], resourceNames: ["vcluster-platform-api-key"] }] },
  });
  await rbac.createNamespacedRoleBinding({
    namespace: ns,
    body: { metadata: { name: "kubebyon" }, roleRef: { apiGroup: RBAC, kind: "Role", name: "kubebyon" }, subjects: [{ kind: "ServiceAccount", name: "kubebyon", namespace: ns }] },
  });
  const CRUD = ["get", "list", "watch", "create", "update", "patch", "delete"];
  // The tenant ClusterRole as the chart writes it: the platform's and helm's namespaced needs and the vCluster Role's rules.
  const tenantRules = [
    { apiGroups: [""], resources: ["resourcequotas", "limitranges", "secrets", "services", "serviceaccounts", "configmaps", "endpoints"], verbs: CRUD },
    { apiGroups: [""], resources: ["events"], verbs: ["create", "get", "list", "watch"] },
    { apiGroups: [""], resources: ["pods", "persistentvolumeclaims", "pods/log"], verbs: ["get", "list", "watch"] },
    { apiGroups: [""], resources: ["pods/resize"], verbs: ["patch", "update"] },
    { apiGroups: ["apps"], resources: ["statefulsets"], verbs: CRUD },
    { apiGroups: ["apps"], resources: ["replicasets", "deployments"], verbs: ["get", "list", "watch"] },
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: ["create", "get", "list", "watch"] },
    { apiGroups: ["discovery.k8s.io"], resources: ["endpointslices"], verbs: CRUD },
    { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: CRUD },
    { apiGroups: [RBAC], resources: ["roles", "rolebindings"], verbs: CRUD },
  ];
  await rbac.createClusterRole({ body: { metadata: { name: "kubebyon-tenant" }, rules: tenantRules } });
  // The same without limitranges patch and without the vCluster Role's leases: gaps the check must place in the tenant role.
  const short = tenantRules.map((r) => ({ ...r, resources: r.resources.filter((x) => x !== "limitranges" && x !== "leases") })).filter((r) => r.resources.length > 0);
  await rbac.createClusterRole({ body: { metadata: { name: "kubebyon-tenant-short" }, rules: [...short, { apiGroups: [""], resources: ["limitranges"], verbs: ["get", "create"] }] } });
  await rbac.createClusterRole({ body: { metadata: { name: "kubebyon-tenant-unbindable" }, rules: tenantRules } });
  return (await serviceAccountKubeconfig(kube, { namespace: ns, name: "kubebyon", file: path.join(dir, "tenant-mode.kubeconfig") })).kubeconfigPath;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-health-"));
  // helm keeps its cache and config here, never in the developer's home.
  for (const kind of ["CACHE", "CONFIG", "DATA"]) process.env[`HELM_${kind}_HOME`] = path.join(dir, "helm", kind.toLowerCase());
  [kube, testDb, smtp] = await Promise.all([startKubeCluster(), createTestDatabase("platform_health"), startTestSmtpServer()]);
  db = createPrismaClient(testDb.url);
  limitedKubeconfig = await limitedIdentity();
});

afterAll(async () => {
  await db?.$disconnect();
  await Promise.allSettled([kube?.stop(), testDb?.drop(), smtp?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("platform health", () => {
  it("reports every check ok on a host where the platform has what it needs", async () => {
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
    await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
    // A worker beat 5 s before the check, its one leader task led and passing.
    const beat = new Date("2026-12-01T11:59:55Z").getTime();
    const task = { name: "dns-sync", scope: "leader" as const, intervalMs: 60_000, leading: true, running: false, scheduledAt: beat - 120_000, lastStartAt: beat - 1_000, lastSuccessAt: beat - 900, lastErrorAt: null, lastError: null, errorStreak: 0, lastDurationMs: 100 };
    const worker = { db, log: createLogger({ level: "error" }), now: () => new Date(beat), health: () => [task] };
    await processHeartbeatTask.run({ ...worker, identity: { id: "worker-1", process: "kubebyon-worker", hostname: "node-a", pid: 42, startedAt: new Date(beat - 120_000) } }, new AbortController().signal);
    const view = await checkPlatformHealth(
      healthDeps({ KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath, KUBEBYON_RABBITMQ_URL: testRabbitMqUrl(), ...smtp.env }),
      new Date("2026-12-01T12:00:00Z"),
    );
    const checks = byName(view);
    expect(view.checks.map((c) => `${c.name}:${c.status}`)).toEqual([
      "host_apiserver:ok",
      "host_permissions:ok",
      "helm:ok",
      "vcluster_chart:ok",
      "platform_api_key_secret:ok",
      "public_access:ok",
      "rabbitmq:ok",
      "smtp:ok",
      "background_work:ok",
    ]);
    expect(view).toMatchObject({
      status: "ok",
      checked_at: "2026-12-01T12:00:00.000Z",
      // The binary's default provider, with its one line.
      public_access_provider: "servicelb",
      public_access_provider_description: "LoadBalancer Service per cluster (k3s ServiceLB, MetalLB or a cloud load balancer)",
    });
    expect(checks.public_access.detail).toBe("LoadBalancer Services need a load balancer in the host cluster (k3s ServiceLB, MetalLB, cloud).");
    expect(checks.host_apiserver.detail).toBe(`Reachable; Kubernetes ${kube.version}.`);
    expect(checks.helm.detail).toMatch(/^helm v3\.22\.0/);
    expect(checks.vcluster_chart.detail).toBe(`Chart vcluster-stand-in 0.33.0 (local chart ${STAND_IN_CHART}) can be fetched.`);
    expect(checks.smtp.detail).toMatch(/^127\.0\.0\.1:\d+ answered EHLO \(.+\); no mail was sent\.$/);
    expect(smtp.messages).toHaveLength(0);
    expect(checks.background_work.detail).toBe("1 process runs background work.");
    expect(view.processes).toEqual([
      expect.objectContaining({ id: "worker-1", process: "kubebyon-worker", hostname: "node-a", pid: 42, state: "beating", tasks: [expect.objectContaining({ name: "dns-sync", state: "ok", error_streak: 0 })] }),
    ]);
    for (const check of view.checks) expect(check.next_step, check.name).toBeNull();
    await db.processHeartbeat.deleteMany();
  });

  it("servicelb: names the ready loadbalancer clusters whose Service the host's load balancer has given no address yet", async () => {
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    const ownerId = newId("usr");
    await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "lb" } });
    const cluster = async (release: string, fields: { status?: "ready" | "provisioning"; mode?: "loadbalancer" | "nodeport"; service?: boolean } = {}) => {
      const namespace = `${release}-ns`;
      await db.cluster.create({
        data: { id: newId("cl"), ownerId, name: release, vclusterName: release, namespace, status: fields.status ?? "ready", controlPlaneHost: `${release}.lb.test`, publicAccessEnabled: true, publicAccessMode: fields.mode ?? "loadbalancer" },
      });
      if (fields.service === false) return;
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      // No load-balancer controller runs here: the Service stays without status.loadBalancer.ingress until the test writes one.
      await core.createNamespacedService({ namespace, body: { metadata: { name: release }, spec: { type: "LoadBalancer", ports: [{ name: "https", port: 443, targetPort: 8443 }] } } });
    };
    const assignAddress = async (release: string, ip: string) => {
      const service = await core.readNamespacedService({ name: release, namespace: `${release}-ns` });
      await core.replaceNamespacedServiceStatus({ name: release, namespace: `${release}-ns`, body: { ...service, status: { loadBalancer: { ingress: [{ ip }] } } } });
    };
    const publicAccess = async () => byName(await checkPlatformHealth(healthDeps({ KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath }), new Date())).public_access;
    try {
      await cluster("lb-a");
      await cluster("lb-b");
      // Not counted: still provisioning, nodeport mode, and a ready row whose Service does not exist.
      await cluster("lb-c", { status: "provisioning" });
      await cluster("lb-d", { mode: "nodeport" });
      await cluster("lb-e", { service: false });
      await assignAddress("lb-a", "203.0.113.10");
      expect(await publicAccess()).toMatchObject({
        status: "warning",
        detail: "1 of 2 ready loadbalancer clusters' Services have no load balancer address yet (lb-b-ns/lb-b).",
        next_step: expect.stringContaining("k3s ServiceLB, MetalLB, a cloud controller"),
      });
      await assignAddress("lb-b", "203.0.113.11");
      expect(await publicAccess()).toMatchObject({
        status: "ok",
        detail: "LoadBalancer Services need a load balancer in the host cluster (k3s ServiceLB, MetalLB, cloud). Every ready loadbalancer cluster's Service has an address (2).",
      });
    } finally {
      await db.cluster.deleteMany({ where: { ownerId } });
    }
  });

  it("lists the verbs a too-narrow identity lacks, a missing Secret, a bad chart path and a RabbitMQ that is down — each with its next step", async () => {
    const [downPort, noSmtpPort] = await Promise.all([freePort(), freePort()]);
    const view = await checkPlatformHealth(
      healthDeps({
        KUBEBYON_KUBECONFIG_PATH: limitedKubeconfig,
        KUBEBYON_VCLUSTER_CHART: path.join(dir, "no-such-chart"),
        KUBEBYON_PLATFORM_API_KEY_SECRET_NAME: "missing-platform-key",
        KUBEBYON_RABBITMQ_URL: `amqp://guest:s3cret-pass@127.0.0.1:${downPort}`,
        ...smtp.env,
        KUBEBYON_SMTP_PORT: String(noSmtpPort),
      }),
      new Date(),
    );
    const checks = byName(view);
    expect(view.status).toBe("error");
    // The apiserver itself answers the limited identity.
    expect(checks.host_apiserver.status).toBe("ok");

    expect(checks.host_permissions.status).toBe("error");
    expect(checks.host_permissions.missing).toEqual(
      expect.arrayContaining([
        "namespaces: delete",
        "serviceaccounts: get, create, update, patch, delete",
        "roles.rbac.authorization.k8s.io: escalate, bind",
        "configmaps: create, delete, patch, update, get, list, watch",
        "leases.coordination.k8s.io: create, delete, patch, update, get, list, watch",
      ]),
    );
    expect(checks.host_permissions.missing).not.toContain(expect.stringMatching(/^resourcequotas/));
    // Every authenticated user may review itself (ClusterRole system:basic-user): never reported missing.
    expect(checks.host_permissions.missing).not.toContain(expect.stringMatching(/^selfsubject/));
    expect(checks.host_permissions.missing).toEqual(expect.arrayContaining(["nodes: list", "events: list"]));
    expect(checks.host_permissions.next_step).toMatch(/ClusterRole and ClusterRoleBinding.*`escalate` and `bind`/);

    expect(checks.platform_api_key_secret).toMatchObject({
      status: "error",
      detail: expect.stringContaining("Secret kubebyon-system/missing-platform-key does not exist"),
      next_step: expect.stringContaining("KUBEBYON_PLATFORM_API_KEY_SECRET_NAME"),
    });
    expect(checks.helm.status).toBe("ok");
    expect(checks.vcluster_chart).toMatchObject({ status: "error", detail: expect.stringMatching(/no-such-chart.*not found/), next_step: expect.stringContaining("KUBEBYON_VCLUSTER_CHART") });
    expect(checks.rabbitmq).toMatchObject({ status: "error", detail: expect.stringContaining("ECONNREFUSED"), next_step: expect.stringContaining("KUBEBYON_RABBITMQ_URL") });
    expect(checks.smtp).toMatchObject({ status: "error", detail: expect.stringContaining("ECONNREFUSED"), next_step: expect.stringContaining("SMTP host, port and TLS") });
    expect(JSON.stringify(view)).not.toContain("s3cret-pass");
  });

  it("with KUBEBYON_TENANT_CLUSTER_ROLE, checks the cluster-wide grant and the tenant ClusterRole each for its part", async () => {
    const kubeconfig = await tenantModeIdentity(["kubebyon-tenant", "kubebyon-tenant-short", "kubebyon-absent"]);
    const permissions = async (role: string) => {
      const env = { KUBEBYON_KUBECONFIG_PATH: kubeconfig, KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE: "platform-tenant", KUBEBYON_TENANT_CLUSTER_ROLE: role };
      return byName(await checkPlatformHealth(healthDeps(env), new Date())).host_permissions;
    };
    // The contract's two ClusterRoles cover everything; without the setting the same identity lacks nearly all namespaced rights.
    expect(await permissions("kubebyon-tenant")).toMatchObject({ status: "ok", missing: [] });
    const without = byName(await checkPlatformHealth(healthDeps({ KUBEBYON_KUBECONFIG_PATH: kubeconfig, KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE: "platform-tenant" }), new Date()));
    expect(without.host_permissions.missing).toContain("secrets: get, list, create, update, patch, delete");

    const short = await permissions("kubebyon-tenant-short");
    expect(short.status).toBe("error");
    expect(short.missing).toEqual(
      expect.arrayContaining(["limitranges: patch (in ClusterRole kubebyon-tenant-short)", "leases.coordination.k8s.io: create, delete, patch, update, get, list, watch (in ClusterRole kubebyon-tenant-short)"]),
    );
    expect(short.missing.filter((m) => m.endsWith("(cluster-wide)"))).toEqual([]);

    expect(await permissions("kubebyon-tenant-unbindable")).toMatchObject({
      status: "error",
      missing: ["clusterroles.rbac.authorization.k8s.io named kubebyon-tenant-unbindable: bind (cluster-wide)"],
    });
    expect(await permissions("kubebyon-absent")).toMatchObject({
      status: "error",
      detail: "ClusterRole kubebyon-absent (KUBEBYON_TENANT_CLUSTER_ROLE) does not exist: install it (the Helm chart creates it) or unset the setting.",
    });
  });

  it("says what to set when no host cluster is configured, and still runs the other checks", async () => {
    const view = await checkPlatformHealth(healthDeps({ KUBEBYON_KUBECONFIG_PATH: "", KUBEBYON_HELM_BIN: path.join(dir, "no-helm") }), new Date());
    const checks = byName(view);
    expect(checks.host_apiserver).toMatchObject({ status: "error", next_step: expect.stringMatching(/^no host Kubernetes cluster is configured: set KUBEBYON_KUBECONFIG_PATH/) });
    expect(checks.host_permissions.status).toBe("skipped");
    expect(checks.platform_api_key_secret.status).toBe("skipped");
    expect(checks.helm).toMatchObject({ status: "error", detail: expect.stringContaining("was not found: install helm or set KUBEBYON_HELM_BIN"), next_step: expect.stringContaining("KUBEBYON_HELM_BIN") });
    expect(checks.rabbitmq.status).toBe("skipped");
    expect(checks.smtp).toMatchObject({ status: "skipped", detail: expect.stringContaining("No SMTP server is configured") });
  });

  it("cuts off a host apiserver that accepts connections but never answers, without holding up the others", async () => {
    const sockets: Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const file = path.join(dir, "silent.kubeconfig");
    await writeFile(
      file,
      JSON.stringify({
        apiVersion: "v1",
        kind: "Config",
        clusters: [{ name: "silent", cluster: { server: `https://127.0.0.1:${(silent.address() as AddressInfo).port}`, "insecure-skip-tls-verify": true } }],
        users: [{ name: "u", user: { token: "t" } }],
        contexts: [{ name: "silent", context: { cluster: "silent", user: "u" } }],
        "current-context": "silent",
      }),
    );
    try {
      const started = Date.now();
      const view = await checkPlatformHealth(healthDeps({ KUBEBYON_KUBECONFIG_PATH: file }, { checkTimeoutMs: 1_500 }), new Date());
      expect(Date.now() - started).toBeLessThan(4_000);
      const checks = byName(view);
      for (const name of ["host_apiserver", "host_permissions", "platform_api_key_secret"] as const) {
        expect(checks[name], name).toMatchObject({ status: "error", detail: "No answer within 1.5 s." });
        expect(checks[name].next_step, name).toBeTruthy();
      }
      expect(checks.helm.status).toBe("ok");
      expect(checks.vcluster_chart.status).toBe("ok");
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("haproxy: shows the provider and names the loadbalancer clusters whose control_plane_host the edge cannot route by SNI", async () => {
    const ownerId = newId("usr");
    await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "edge" } });
    const cluster = (release: string, controlPlaneHost: string, fields: { mode?: "loadbalancer" | "nodeport"; status?: "ready" | "deleting" } = {}) =>
      db.cluster.create({
        data: { id: newId("cl"), ownerId, name: release, vclusterName: release, namespace: `${release}-ns`, status: fields.status ?? "ready", controlPlaneHost, publicAccessEnabled: true, publicAccessMode: fields.mode ?? "loadbalancer" },
      });
    const haproxy = async () => checkPlatformHealth(healthDeps({ KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath, KUBEBYON_PUBLIC_ACCESS_PROVIDER: "haproxy" }), new Date());
    try {
      await cluster("edge-a", "a.edge.test");
      // Accepted while the deployment ran servicelb; SNI carries neither an IP nor a port.
      const byIp = await cluster("edge-b", "203.0.113.20");
      await cluster("edge-c", "c.edge.test:6443");
      // Not counted: nodeport serves an IP fine, and a cluster on its way out.
      await cluster("edge-d", "203.0.113.21", { mode: "nodeport" });
      await cluster("edge-e", "203.0.113.22", { status: "deleting" });
      const view = await haproxy();
      expect(view.public_access_provider).toBe("haproxy");
      expect(view.public_access_provider_description).toContain("HAProxy on :443");
      expect(byName(view).public_access).toMatchObject({
        status: "warning",
        detail: "2 of 3 loadbalancer clusters have a control_plane_host the haproxy edge cannot route by SNI, so they are not reachable on :443: edge-b-ns/edge-b (203.0.113.20), edge-c-ns/edge-c (c.edge.test:6443).",
        next_step: expect.stringContaining("DNS name (no IP, no port other than 443)"),
      });
      await db.cluster.update({ where: { id: byIp.id }, data: { controlPlaneHost: "b.edge.test" } });
      await db.cluster.updateMany({ where: { ownerId, vclusterName: "edge-c" }, data: { controlPlaneHost: "c.edge.test" } });
      expect(byName(await haproxy()).public_access).toMatchObject({ status: "ok", detail: "Every loadbalancer cluster has a control_plane_host the haproxy edge can route by SNI (3).", next_step: null });
    } finally {
      await db.cluster.deleteMany({ where: { ownerId } });
    }
  });

  // Last in the file: the CRDs stay installed in this apiserver.
  it("gatewayapi: fails with the install step while the host serves no TLSRoute and Gateway v1, and is ok once the CRDs are installed — even for an identity with no grant on CRDs", async () => {
    const gatewayApi = (kubeconfig: string) => healthDeps({ KUBEBYON_KUBECONFIG_PATH: kubeconfig, KUBEBYON_PUBLIC_ACCESS_PROVIDER: "gatewayapi" });
    const absent = await checkPlatformHealth(gatewayApi(kube.kubeconfigPath), new Date());
    expect(absent.public_access_provider).toBe("gatewayapi");
    expect(byName(absent).public_access).toMatchObject({
      status: "error",
      detail: "The host cluster does not serve TLSRoute and Gateway (gateway.networking.k8s.io/v1): the Gateway API CRDs are not installed, or are older than v1.5, so no loadbalancer cluster gets its TLSRoute.",
      next_step: expect.stringContaining("docs/runbooks/deploy-gateway-api-public-access.md"),
    });
    expect(absent.status).toBe("error");

    await installGatewayApiCrds(kube.kubeConfig());
    const installed = byName(await checkPlatformHealth(gatewayApi(kube.kubeconfigPath), new Date()));
    expect(installed.public_access).toMatchObject({
      status: "ok",
      detail: "The host cluster serves TLSRoute and Gateway (gateway.networking.k8s.io/v1). Every loadbalancer cluster has a control_plane_host the gatewayapi edge can route by SNI (0).",
      next_step: null,
    });
    // Discovery is open to every authenticated identity: the too-narrow service account sees the same.
    expect(byName(await checkPlatformHealth(gatewayApi(limitedKubeconfig), new Date())).public_access.status).toBe("ok");
  });

  it("gatewayapi: says which kind is missing when only part of the group is served", async () => {
    const crds = kube.kubeConfig().makeApiClient(ApiextensionsV1Api);
    await crds.deleteCustomResourceDefinition({ name: "tlsroutes.gateway.networking.k8s.io" });
    const deps = healthDeps({ KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath, KUBEBYON_PUBLIC_ACCESS_PROVIDER: "gatewayapi" });
    // Discovery drops the kind once the CRD is gone (the apiserver updates it asynchronously).
    await expect.poll(async () => byName(await checkPlatformHealth(deps, new Date())).public_access.detail, { timeout: 20_000, interval: 250 }).toMatch(
      /^The host cluster does not serve TLSRoute \(gateway\.networking\.k8s\.io\/v1\)/,
    );
  });
});
