import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANAGED_INGRESS_PROFILE } from "@/server/domain/managed-ingress/controller-profile";
import { ensureKubeTools } from "./kube-tools";
import { INGRESS_NGINX_STAND_IN_CHART } from "./stand-in-chart";

/**
 * The stand-in ingress-nginx chart against what KUBE-FACTS "ingress-nginx" records of the real chart
 * with the platform's values: the same objects, names and kinds, the admission objects as helm hooks,
 * and values that fail the schema as upstream's values.schema.json makes them fail.
 */
let dir: string;
let helmBin: string;

function helm(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(helmBin, args, { env: { ...process.env, HELM_CACHE_HOME: dir, HELM_CONFIG_HOME: dir, HELM_DATA_HOME: dir } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function render(values: unknown) {
  const file = path.join(dir, `values-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(values));
  return helm(["template", MANAGED_INGRESS_PROFILE.releaseName, INGRESS_NGINX_STAND_IN_CHART, "--namespace", MANAGED_INGRESS_PROFILE.namespace, "--values", file]);
}

beforeAll(async () => {
  helmBin = (await ensureKubeTools()).helm;
  dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-ingress-stand-in-"));
}, 600_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("ingress-nginx stand-in chart", () => {
  it("renders KUBE-FACTS' objects for the platform's values, the admission ones as helm hooks", async () => {
    const out = await render(MANAGED_INGRESS_PROFILE.values);
    expect(out.stderr).toBe("");
    const docs = parseAllDocuments(out.stdout).map((d) => d.toJS() as { kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: Record<string, unknown> }).filter(Boolean);
    const summary = (hook: boolean) =>
      docs.filter((d) => Boolean(d.metadata.annotations?.["helm.sh/hook"]) === hook).map((d) => `${d.kind}/${d.metadata.name}`).sort();
    const r = "kubebyon-managed-ingress";
    expect(summary(false)).toEqual(
      [
        `ServiceAccount/${r}`, `ClusterRole/${r}`, `ClusterRoleBinding/${r}`, `Role/${r}`, `RoleBinding/${r}`,
        `ConfigMap/${r}-controller`, `Deployment/${r}-controller`, `Service/${r}-controller`, `Service/${r}-controller-admission`,
        "IngressClass/kubebyon", `ValidatingWebhookConfiguration/${r}-admission`,
      ].sort(),
    );
    expect(summary(true)).toEqual(
      [
        `ServiceAccount/${r}-admission`, `ClusterRole/${r}-admission`, `ClusterRoleBinding/${r}-admission`, `Role/${r}-admission`, `RoleBinding/${r}-admission`,
        `Job/${r}-admission-create`, `Job/${r}-admission-patch`,
      ].sort(),
    );
    const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name)!;
    expect(find("Service", `${r}-controller`).spec?.type).toBe("NodePort");
    expect(find("Service", `${r}-controller-admission`).spec?.type).toBe("ClusterIP");
    expect(find("IngressClass", "kubebyon").spec).toEqual({ controller: "kubebyon.app/managed-ingress" });
    expect(find("Job", `${r}-admission-create`).metadata.annotations?.["helm.sh/hook"]).toBe("pre-install,pre-upgrade");
    expect(find("Job", `${r}-admission-patch`).metadata.annotations?.["helm.sh/hook"]).toBe("post-install,post-upgrade");
    // The profile's readiness checks and orphans name objects the chart really renders.
    const { readiness, orphans } = MANAGED_INGRESS_PROFILE;
    expect(find("Deployment", readiness.deployment)).toBeDefined();
    expect(find("Service", readiness.service.name)).toBeDefined();
    expect(find("IngressClass", readiness.ingressClass.name)).toBeDefined();
    for (const o of orphans) expect(find(o.kind, o.name), `${o.kind}/${o.name}`).toBeDefined();
  });

  it("refuses values the schema forbids, naming the path", async () => {
    const bad = await render({ ...MANAGED_INGRESS_PROFILE.values, controller: { service: { type: "Ingress" } } });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/controller\/service\/type.*ClusterIP.*NodePort.*LoadBalancer/);
    const wrongType = await render({ controller: { ingressClassResource: { enabled: "yes" } } });
    expect(wrongType.code).not.toBe(0);
    expect(wrongType.stderr).toMatch(/ingressClassResource\/enabled/);
  });
});
