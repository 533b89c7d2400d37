import {
  controlPlaneContainerResources,
  DISTRO_INIT_CONTAINER,
  UPSTREAM_CONTROL_PLANE_SIZE,
  type ContainerResources,
  type ResourceName,
} from "./control-plane-size";
import type { ControlPlaneServiceType } from "./public-access";
import { hostOnly } from "./public-access";

/**
 * Helm values of one vCluster release: the operator's base file
 * (KUBEBYON_VCLUSTER_VALUES_FILE, already parsed from YAML) with the
 * per-cluster settings the platform owns laid on top (spec walkthrough §4
 * step 4, plan §5.5).
 */

export type HelmValues = { [key: string]: unknown };

export interface VclusterOverrides {
  serviceType: ControlPlaneServiceType;
  /**
   * Added to controlPlane.proxy.extraSANs so TLS verifies on the public address: the served name and,
   * during its grace, the one a change replaced (served-control-plane-hosts.ts). host or host:port.
   */
  controlPlaneHosts?: readonly string[];
  /**
   * The control plane the cluster's plan sizes (control-plane-size.ts). Its resources
   * replace the values file's `controlPlane.statefulSet.resources` and the init
   * container's `controlPlane.distro.k8s.resources` whole (not merged), because the
   * namespace quota is computed from exactly these; `dataVolume` null leaves the
   * volume claim to the values file (clusters from before plans carried it).
   */
  controlPlane?: { resources: ContainerResources; dataVolume: { size: string; storageClass: string | null } | null };
}

export function isPlainObject(value: unknown): value is HelmValues {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Recursive merge where `override` wins; objects merge key by key, arrays and
 * scalars from `override` replace. Neither input is modified.
 */
export function deepMerge(base: HelmValues, override: HelmValues): HelmValues {
  const out: HelmValues = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const existing = out[key];
    out[key] = isPlainObject(existing) && isPlainObject(value) ? deepMerge(existing, value) : structuredClone(value);
  }
  return out;
}

function readPath(values: HelmValues, path: readonly string[]): unknown {
  let node: unknown = values;
  for (const key of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * Base values + platform overrides. extraSANs is the one array that merges:
 * the operator's entries stay first (e.g. the host IP) and each served host is
 * appended once, in the order given, since a kubeconfig pointing at an address
 * missing from the certificate fails TLS verification.
 */
export function buildVclusterValues(base: unknown, overrides: VclusterOverrides): HelmValues {
  if (base !== undefined && base !== null && !isPlainObject(base)) {
    throw new Error("the vCluster values file (KUBEBYON_VCLUSTER_VALUES_FILE) must be a YAML mapping at the top level, like the example in docs/cluster-runtime.md");
  }
  const baseValues: HelmValues = base ?? {};

  const baseSans = readPath(baseValues, ["controlPlane", "proxy", "extraSANs"]);
  const sans = Array.isArray(baseSans) ? baseSans.filter((s): s is string => typeof s === "string" && s.trim() !== "") : [];
  for (const entry of overrides.controlPlaneHosts ?? []) {
    const host = entry.trim() ? hostOnly(entry.trim()) : undefined;
    if (host && !sans.includes(host)) sans.push(host);
  }

  const merged = deepMerge(baseValues, {
    privateNodes: { enabled: true },
    controlPlane: {
      service: { spec: { type: overrides.serviceType } },
      proxy: { extraSANs: sans },
    },
  });
  return overrides.controlPlane ? withControlPlaneSize(merged, overrides.controlPlane) : merged;
}

function withControlPlaneSize(values: HelmValues, size: NonNullable<VclusterOverrides["controlPlane"]>): HelmValues {
  const out = structuredClone(values);
  const controlPlane = ensureObject(out, "controlPlane");
  ensureObject(controlPlane, "statefulSet").resources = replacingChartDefaults(size.resources);
  ensureObject(ensureObject(controlPlane, "distro"), "k8s").resources = structuredClone(DISTRO_INIT_CONTAINER.resources);
  if (size.dataVolume) {
    const claim = ensureObject(ensureObject(ensureObject(controlPlane, "statefulSet"), "persistence"), "volumeClaim");
    // enabled: true keeps the control plane a StatefulSet (one Pod, replaced delete-first), which the quota assumes.
    claim.enabled = true;
    claim.size = size.dataVolume.size;
    if (size.dataVolume.storageClass) claim.storageClass = size.dataVolume.storageClass;
  }
  return out;
}

/**
 * Helm merges these values over the chart's values.yaml, whose resources carry the
 * upstream defaults (limits.memory 4Gi, limits.ephemeral-storage 10Gi, ...). A key set
 * to null is removed from that merge, so each chart default the plan leaves out is sent
 * as null ("no limit" stays no limit). Only those: a null for a key the chart has no
 * default for would reach the manifest as a zero quantity.
 */
function replacingChartDefaults(resources: ContainerResources): HelmValues {
  const chartDefaults = controlPlaneContainerResources(UPSTREAM_CONTROL_PLANE_SIZE);
  const out: HelmValues = {};
  for (const part of ["requests", "limits"] as const) {
    const list: HelmValues = { ...resources[part] };
    for (const r of Object.keys(chartDefaults[part]) as ResourceName[]) list[r] = resources[part][r] ?? null;
    out[part] = list;
  }
  return out;
}

function ensureObject(parent: HelmValues, key: string): HelmValues {
  const existing = parent[key];
  if (isPlainObject(existing)) return existing;
  const created: HelmValues = {};
  parent[key] = created;
  return created;
}
