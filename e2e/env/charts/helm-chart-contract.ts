import type { V1ConfigMap, V1Container, V1Deployment, V1EnvVar, V1PodSpec } from "@kubernetes/client-node";
import { expect } from "vitest";
import { envSchema } from "@/server/config/env";
import { isSecretSetting } from "@/server/config/settings";
import { chartConfigAllowList, chartSecretEnv, chartWired, libraryVariables } from "../../../scripts/config/wiring";
import type { ChartUnderTest, Rendered } from "./helm-chart-render";

/**
 * What the chart contract (issue 10) says the platform pods get, as assertions on rendered
 * objects. Which variable the chart sets itself, which it offers in `config` and which are secrets
 * is declared in the registry (src/server/config/settings.ts, `chart`); the lists below are derived
 * from it (scripts/config/wiring.ts), and the tests check the rendered charts against them.
 */

export const schemaKeys = new Set(Object.keys(envSchema.shape));

/** Read by a library the platform runs (next-auth, Next.js), not by Config. */
export const THIRD_PARTY_VARIABLES = new Set<string>(libraryVariables());

/** Set by the chart from its own values (ConfigMap or secretKeyRef) in every render; `config` must not offer them. */
export const wiredByChart = (chart: ChartUnderTest): Set<string> => new Set(chartWired(chart.multiNode ? "multi-node" : "single-node"));

/**
 * Set by the chart from gatewayAPI.controlPlane when it is enabled (the Gateway it renders, which is
 * also what its RBAC for TLSRoutes goes with); `config` must not offer them either.
 */
export const WIRED_WITH_CONTROL_PLANE_GATEWAY = new Set<string>(chartWired("multi-node", "gatewayAPI.controlPlane.enabled"));

/**
 * Set by the chart from gatewayAPI.workload when it is enabled (the Gateway it renders, its TLS issuers,
 * the PodCIDR route mode its pods and RBAC are made for); `config` must not offer them either.
 */
export const WIRED_WITH_WORKLOAD_GATEWAY = new Set<string>(chartWired("multi-node", "gatewayAPI.workload.enabled"));

/** Secrets: only through secretEnv.existingSecret, never in a ConfigMap. */
export const SECRET_SETTINGS = new Set<string>(chartSecretEnv());

export function expectedConfigAllowList(chart: ChartUnderTest): string[] {
  return chartConfigAllowList(chart.multiNode ? "multi-node" : "single-node").sort();
}

export const podSpec = (d: V1Deployment): V1PodSpec => {
  const spec = d.spec?.template.spec;
  if (!spec) throw new Error(`Deployment ${d.metadata?.name} has no pod spec`);
  return spec;
};

/** The control-plane edge's sidecar (publicAccess.provider=haproxy) in the pods that run jobs. */
export const EDGE_SIDECAR = "haproxy";

/** The platform's own container: the only one, beside the edge's haproxy sidecar where the pod drives the edge. */
export const platformContainer = (d: V1Deployment): V1Container => {
  const containers = podSpec(d).containers.filter((c) => c.name !== EDGE_SIDECAR);
  expect(containers, `${d.metadata?.name} platform containers`).toHaveLength(1);
  return containers[0] as V1Container;
};

export const edgeSidecar = (d: V1Deployment): V1Container | undefined => podSpec(d).containers.find((c) => c.name === EDGE_SIDECAR);

export function envByName(container: V1Container): Map<string, V1EnvVar> {
  return new Map((container.env ?? []).map((e) => [e.name, e]));
}

export function secretRef(container: V1Container, name: string): { name?: string; key?: string } | undefined {
  const ref = envByName(container).get(name)?.valueFrom?.secretKeyRef;
  return ref ? { name: ref.name, key: ref.key } : undefined;
}

/** Pod and container securityContext, ServiceAccount and volumes of the contract. */
export function expectHardenedPlatformPod(d: V1Deployment, fullname: string, component: "web" | "worker"): void {
  const spec = podSpec(d);
  const label = `${d.metadata?.name}`;
  expect(spec.securityContext, `${label} pod securityContext`).toEqual({
    runAsNonRoot: true,
    runAsUser: 10001,
    runAsGroup: 10001,
    fsGroup: 10001,
    seccompProfile: { type: "RuntimeDefault" },
  });
  expect(spec.automountServiceAccountToken).toBe(true);
  expect(spec.serviceAccountName).toBe(fullname);
  const container = platformContainer(d);
  expect(container.name).toBe(component);
  expect(container.workingDir, "the image's WORKDIR /app").toBeUndefined();
  expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } });

  const mounts = Object.fromEntries((container.volumeMounts ?? []).map((m) => [m.mountPath, m.name]));
  const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
  const expected: Record<string, string> = { "/tmp": "tmp", "/home/kubebyon": "home", "/etc/kubebyon/vcluster": "vcluster-values" };
  if (component === "web") expected["/app/.next/cache"] = "next-cache";
  if (edgeSidecar(d)) expected["/run/haproxy"] = "haproxy-run";
  expect(mounts).toEqual(expected);
  for (const name of ["tmp", "home", ...(component === "web" ? ["next-cache"] : [])]) expect(volumes.get(name)?.emptyDir, `${label} ${name} emptyDir`).toEqual({});
  expect(volumes.get("vcluster-values")?.configMap?.name).toBe(`${fullname}-vcluster-values`);
  expect(container.envFrom?.[0]?.configMapRef?.name).toBe(`${fullname}-config`);
  // Every variable in `env` is a secret reference: no value is written into the Deployment.
  for (const e of container.env ?? []) expect(e.valueFrom?.secretKeyRef, `${label} ${e.name} from a Secret`).toBeDefined();
}

/** Every variable name the platform pods receive is one env.ts (or a library it runs) reads. */
export function expectKnownVariables(r: Rendered, fullname: string): void {
  const config = r.get<V1ConfigMap>("ConfigMap", `${fullname}-config`);
  const names = new Set(Object.keys(config.data ?? {}));
  for (const name of names) expect(isSecretSetting(name), `the ConfigMap holds ${name}, which the registry marks secret`).toBe(false);
  for (const d of r.ofKind<V1Deployment>("Deployment")) for (const e of platformContainer(d).env ?? []) names.add(e.name);
  for (const name of names) {
    const known = schemaKeys.has(name) || THIRD_PARTY_VARIABLES.has(name);
    expect(known, `the chart sets ${name}, which src/server/config/env.ts does not know`).toBe(true);
  }
  expect(JSON.stringify(r.objects), "in-cluster mode: no kubeconfig path anywhere").not.toContain("KUBEBYON_KUBECONFIG_PATH");
}
