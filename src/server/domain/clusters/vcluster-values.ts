import type { ControlPlaneServiceType } from "./public-access";
import { hostOnly } from "./public-access";

/**
 * Helm values of one vCluster release: the operator's base file
 * (KUBEBYON_VCLUSTER_VALUES_FILE, already parsed from YAML) with the
 * per-cluster settings the platform owns laid on top (spec walkthrough §4
 * step 4, plan §5.5).
 */

export type HelmValues = { [key: string]: unknown };

export interface ResourceList {
  cpu?: string;
  memory?: string;
  "ephemeral-storage"?: string;
}

export interface VclusterOverrides {
  serviceType: ControlPlaneServiceType;
  /** Added to controlPlane.proxy.extraSANs so TLS verifies on the public address. */
  controlPlaneHost?: string | null;
  /** The plan's control-plane resources (controlPlane.statefulSet.resources). */
  controlPlaneResources?: { requests?: ResourceList; limits?: ResourceList };
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

function stripUndefined(list: ResourceList | undefined): ResourceList | undefined {
  if (!list) return undefined;
  const entries = Object.entries(list).filter(([, v]) => typeof v === "string" && v.trim() !== "");
  return entries.length ? (Object.fromEntries(entries) as ResourceList) : undefined;
}

/**
 * Base values + platform overrides. extraSANs is the one array that merges:
 * the operator's entries stay (e.g. the host IP) and control_plane_host is
 * appended once, since a kubeconfig pointing at an address missing from the
 * certificate fails TLS verification.
 */
export function buildVclusterValues(base: unknown, overrides: VclusterOverrides): HelmValues {
  if (base !== undefined && base !== null && !isPlainObject(base)) {
    throw new Error("the vCluster values file (KUBEBYON_VCLUSTER_VALUES_FILE) must be a YAML mapping at the top level, like the example in docs/cluster-runtime.md");
  }
  const baseValues: HelmValues = base ?? {};

  const baseSans = readPath(baseValues, ["controlPlane", "proxy", "extraSANs"]);
  const sans = Array.isArray(baseSans) ? baseSans.filter((s): s is string => typeof s === "string" && s.trim() !== "") : [];
  const host = overrides.controlPlaneHost?.trim() ? hostOnly(overrides.controlPlaneHost) : undefined;
  if (host && !sans.includes(host)) sans.push(host);

  const resources = overrides.controlPlaneResources;
  const requests = stripUndefined(resources?.requests);
  const limits = stripUndefined(resources?.limits);
  const statefulSet = requests || limits ? { statefulSet: { resources: { ...(requests && { requests }), ...(limits && { limits }) } } } : {};

  return deepMerge(baseValues, {
    privateNodes: { enabled: true },
    controlPlane: {
      service: { spec: { type: overrides.serviceType } },
      proxy: { extraSANs: sans },
      ...statefulSet,
    },
  });
}
