/**
 * Names the platform derives from what users type (vcluster_name, namespace):
 * Kubernetes wants RFC 1123 labels, users type "My Cluster_01".
 */

/** RFC 1123 label limit (namespaces, Service names). */
export const DNS_LABEL_MAX_LENGTH = 63;
/** Helm refuses longer release names; the vCluster release is named vcluster_name. */
export const HELM_RELEASE_NAME_MAX_LENGTH = 53;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export function isDnsLabel(value: string, maxLength = DNS_LABEL_MAX_LENGTH): boolean {
  return value.length <= maxLength && DNS_LABEL.test(value);
}

function trimDashes(value: string): string {
  return value.replace(/^-+/, "").replace(/-+$/, "");
}

/**
 * Lowercases, turns every run of characters outside [a-z0-9] into one "-",
 * trims leading/trailing dashes and cuts to `maxLength`. Returns "" when
 * nothing usable is left; callers pick a fallback with {@link toDnsLabelOr}.
 */
export function toDnsLabel(input: string, maxLength = DNS_LABEL_MAX_LENGTH): string {
  const dashed = input
    .normalize("NFKD")
    // Accents become plain letters ("Café" -> "cafe") instead of a dash.
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  return trimDashes(trimDashes(dashed).slice(0, maxLength));
}

/**
 * Like {@link toDnsLabel}, but an input with nothing usable ("", "___", "集群")
 * becomes `fallback` (itself normalised), e.g. the cluster id.
 */
export function toDnsLabelOr(input: string, fallback: string, maxLength = DNS_LABEL_MAX_LENGTH): string {
  const label = toDnsLabel(input, maxLength);
  if (label) return label;
  const fromFallback = toDnsLabel(fallback, maxLength);
  if (!fromFallback) throw new Error(`fallback "${fallback}" does not yield a DNS label`);
  return fromFallback;
}

/**
 * `<base>-<suffix>` within `maxLength`, cutting the base (never the suffix)
 * so names that must be unique stay unique, e.g. "very-long-name-cl1a2b".
 */
export function withDnsSuffix(base: string, suffix: string, maxLength = DNS_LABEL_MAX_LENGTH): string {
  const cleanSuffix = toDnsLabel(suffix, maxLength);
  if (!cleanSuffix) return toDnsLabel(base, maxLength);
  const room = maxLength - cleanSuffix.length - 1;
  const cleanBase = room > 0 ? toDnsLabel(base, room) : "";
  return cleanBase ? `${cleanBase}-${cleanSuffix}` : cleanSuffix.slice(0, maxLength);
}
