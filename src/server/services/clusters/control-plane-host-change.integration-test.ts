import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import type { VirtualCluster } from "@e2e/env/kube-cluster";
import { stepOutcomes, storedSteps } from "@e2e/env/operation-step-outcomes";
import { readVclusterConfig } from "@e2e/env/vcluster-config";
import { TlsServingCertificateProbe } from "@/server/infra/kube/tls-serving-certificate-probe";
import { createCluster } from "./create-cluster";
import { rerenderOutdatedControlPlanes } from "./rerender-outdated-control-planes";
import { updateCluster } from "./update-cluster";
import { breakGlassKubeconfig } from "@/server/services/kubeconfigs/break-glass-kubeconfig";

/**
 * Changing a cluster's public name on real parts (issue 12): helm renders the new name and the
 * replaced one into Secret vc-config-<r>, the stand-in vCluster re-issues its serving certificate
 * from those extraSANs as vCluster does (KUBE-FACTS), verify_serving_certificate waits for it with a
 * real TLS handshake over the platform's route, and only then do api_endpoint and the kubeconfig move.
 */
const origin = { ip: null, userAgent: null };
const viewer = { id: "usr_renamer", email: "renamer@example.test", name: "Renamer", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_r" } };
const probe = new TlsServingCertificateProbe();
let h: ClusterJobHarness;

const readCluster = (id: string) => h.db.cluster.findUniqueOrThrow({ where: { id } });
const latestUpdate = (id: string) => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: id, kind: "update" }, orderBy: { createdAt: "desc" } });
const settled = (id: string, what: string) => h.settled(id, what, 60_000);
const core = () => h.kube.kubeConfig().makeApiClient(CoreV1Api);
/** The stand-in's own address, its cluster CA, and the name presented: the certificate as a node connecting on `name` sees it. */
const covers = (vc: VirtualCluster, name: string) => probe.check({ server: vc.server, caPem: vc.tls.caPem }, name, { timeoutMs: 3_000 });

beforeAll(async () => {
  h = await startClusterJobHarness({ label: "control_plane_host_change", servingCertificateTimeoutMs: 30_000 });
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
  await core().createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core().createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
});

afterAll(() => h?.close());

async function readyCluster(name: string, host: string): Promise<{ id: string; vc: VirtualCluster }> {
  const created = await createCluster(h.deps, viewer, { name, controlPlaneHost: host }, origin);
  const vc = await h.playVcluster(created.id);
  expect((await settled(created.id, "the cluster to be created")).status).toBe("ready");
  return { id: created.id, vc };
}

describe("changing control_plane_host", () => {
  it("keeps the old name during the grace, waits for the new certificate, then moves the endpoint; the expiry pass drops the old name", async () => {
    const { id, vc } = await readyCluster("renamed", "a.example.test");
    const before = await readCluster(id);
    expect(before.apiEndpoint).toBe(`https://a.example.test:${before.publicAccessPort}`);

    const requestedAt = Date.now();
    const requested = await updateCluster(h.deps, viewer, id, { controlPlaneHost: "b.example.test" }, origin);
    // Written with the new host, in the same request: the name it replaces and for how long it stays.
    expect(requested).toMatchObject({ status: "updating", control_plane_host: "b.example.test", previous_control_plane_host: "a.example.test" });
    const changedAt = Date.parse(requested.control_plane_host_changed_at ?? "");
    expect(changedAt).toBeGreaterThanOrEqual(requestedAt - 1_000);
    expect(Date.parse(requested.previous_control_plane_host_until ?? "") - changedAt).toBe(72 * 3_600_000);

    const after = await settled(id, "the update to b.example.test");
    expect(after).toMatchObject({ status: "ready", lastError: null, apiEndpoint: `https://b.example.test:${before.publicAccessPort}`, previousControlPlaneHost: "a.example.test" });
    expect(stepOutcomes(storedSteps((await latestUpdate(id)).steps))).toEqual([
      "ensure_namespace:succeeded",
      "apply_quota:skipped",
      "helm_upgrade:succeeded",
      "wait_control_plane:succeeded",
      "verify_serving_certificate:succeeded",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
      "managed_ingress:skipped",
    ]);
    expect((await readVclusterConfig(core(), after.namespace, after.vclusterName)).controlPlane.proxy.extraSANs).toEqual(expect.arrayContaining(["a.example.test", "b.example.test"]));
    // The certificate served now is valid for both names: nodes on a keep working, new ones use b.
    expect(await covers(vc, "b.example.test")).toEqual({ ok: true });
    expect(await covers(vc, "a.example.test")).toEqual({ ok: true });
    const download = await breakGlassKubeconfig({ db: h.db, log: h.deps.log, cluster: h.runtime }, viewer, { clusterId: id, reason: "checking the endpoint moved" }, origin);
    expect(download.api_endpoint).toBe(`https://b.example.test:${before.publicAccessPort}`);
    expect(download.kubeconfig).toContain(`server: https://b.example.test:${before.publicAccessPort}`);
    expect(download.kubeconfig).not.toContain("a.example.test");

    // Not due yet: the pass starts nothing.
    expect(await rerenderOutdatedControlPlanes(h.deps)).toEqual([]);

    // The grace ends: one pass enqueues a platform-started update that renders the old name out and clears it.
    await h.db.cluster.update({ where: { id }, data: { previousControlPlaneHostUntil: new Date(Date.now() - 60_000) } });
    const jobs = await rerenderOutdatedControlPlanes(h.deps);
    expect(jobs).toHaveLength(1);
    expect(await rerenderOutdatedControlPlanes(h.deps)).toEqual([]); // busy now: not doubled
    const expired = await settled(id, "the grace-expiry update");
    expect(expired).toMatchObject({ status: "ready", previousControlPlaneHost: null, previousControlPlaneHostUntil: null, apiEndpoint: `https://b.example.test:${before.publicAccessPort}` });
    expect(expired.controlPlaneHostChangedAt?.getTime()).toBe(changedAt);
    const expiryOp = await latestUpdate(id);
    expect(expiryOp).toMatchObject({ status: "succeeded", requestedById: null });
    const sans = (await readVclusterConfig(core(), expired.namespace, expired.vclusterName)).controlPlane.proxy.extraSANs;
    expect(sans).toContain("b.example.test");
    expect(sans).not.toContain("a.example.test");
    await vc.syncSans();
    const gone = await covers(vc, "a.example.test");
    expect(gone.ok).toBe(false);
    expect(gone.ok ? [] : gone.servedNames).toContain("b.example.test");
  });

  it("fails the step clearly when the control plane never serves the new name, and leaves the endpoint on the old one", async () => {
    const { id, vc } = await readyCluster("stuck", "c1.example.test");
    const before = await readCluster(id);
    // Like a vCluster Pod that never picks up its new extraSANs: the certificate keeps its names.
    vc.stopFollowingSans();
    // Short for this case only (the runtime object is the one the job handlers hold).
    h.runtime.servingCertificateTimeoutMs = 3_000;
    try {
      await updateCluster(h.deps, viewer, id, { controlPlaneHost: "c2.example.test" }, origin);
      const failed = await settled(id, "the update to fail");
      expect(failed.status).toBe("error");
      expect(failed.apiEndpoint).toBe(before.apiEndpoint);
      const op = await latestUpdate(id);
      expect(op.status).toBe("failed");
      const steps = storedSteps(op.steps);
      expect(stepOutcomes(steps).slice(0, 6)).toEqual([
        "ensure_namespace:succeeded",
        "apply_quota:skipped",
        "helm_upgrade:succeeded",
        "wait_control_plane:succeeded",
        "verify_serving_certificate:failed",
        "resolve_endpoint:pending",
      ]);
      const message = steps.find((s) => s.name === "verify_serving_certificate")?.message ?? "";
      expect(message).toContain("did not serve a certificate valid for c2.example.test within 3 s");
      expect(message).toContain("within 3 s: the certificate does not cover c2.example.test; it carries ");
      const carried = /it carries (.*?)\. The api_endpoint/.exec(message)?.[1]?.split(", ");
      expect(carried).toContain("c1.example.test");
      expect(carried).not.toContain("c2.example.test");
      expect(message).toContain(`Secret ${before.namespace}/vc-config-${before.vclusterName} (key config.yaml) lists c2.example.test under controlPlane.proxy.extraSANs`);
      expect(failed.lastError).toBe(message);
      // helm did render it: the missing piece is the control plane's, which is what the message points at.
      expect((await readVclusterConfig(core(), before.namespace, before.vclusterName)).controlPlane.proxy.extraSANs).toContain("c2.example.test");
    } finally {
      h.runtime.servingCertificateTimeoutMs = 30_000;
    }
  });
});
