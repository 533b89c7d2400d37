import { AppError } from "@/server/domain/errors";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";

/**
 * The cluster-level CNAME target (spec §1.3, managed_workload_ingress_cname_target):
 * `<label>.<managed_workload_ingress_base_domain>`, where the label comes from
 * the cluster id, not its name, so a rename keeps the target and two clusters
 * can never share one. Ids are `cl_` + 20 lowercase base36 characters, so the
 * label is `cl-` + those 20 (23 characters) and the mapping is one-to-one.
 */
const CLUSTER_ID = /^cl_[a-z0-9]+$/;
/** Every derived label has this shape; bindings may not take a name of it under the base domain (reserved for clusters). */
const TARGET_LABEL = /^cl-[a-z0-9]+$/;
/** Length of the label for a `cl_` + 20-character id. */
export const CNAME_TARGET_LABEL_LENGTH = 23;
/** RFC 1035 limit of a whole name (without the trailing dot). */
export const DNS_NAME_MAX_LENGTH = 253;
/** The longest base domain that still leaves room for `<label>.` in front of it. */
export const MAX_BASE_DOMAIN_LENGTH = DNS_NAME_MAX_LENGTH - CNAME_TARGET_LABEL_LENGTH - 1;

export function cnameTargetLabel(clusterId: string): string {
  if (!CLUSTER_ID.test(clusterId)) throw new Error(`cluster id "${clusterId}" is not of the form cl_<base36>`);
  const label = clusterId.replace("_", "-");
  if (!isDnsLabel(label)) throw new Error(`cluster id "${clusterId}" does not yield a DNS label`);
  return label;
}

/**
 * The target for a cluster under a base domain; null without a base domain
 * (the target is cleared then) and for a base domain too long to carry one,
 * which a settings save refuses ({@link assertBaseDomainFitsCnameTargets}) —
 * a stored row from before that check must not break cluster creation.
 */
export function cnameTargetFor(clusterId: string, baseDomain: string | null): string | null {
  if (!baseDomain) return null;
  const target = `${cnameTargetLabel(clusterId)}.${baseDomain}`;
  return target.length > DNS_NAME_MAX_LENGTH ? null : target;
}

/** Refuses a base domain under which cluster CNAME targets would not be valid DNS names. */
export function assertBaseDomainFitsCnameTargets(baseDomain: string | null): void {
  if (baseDomain && baseDomain.length > MAX_BASE_DOMAIN_LENGTH) {
    throw new AppError(
      "BAD_REQUEST",
      `managed_workload_ingress_base_domain must be at most ${MAX_BASE_DOMAIN_LENGTH} characters: every cluster gets a CNAME target cl-<id>.<base domain>, which must stay within 253 characters.`,
    );
  }
}

/**
 * True for names of the form of a cluster target directly under the base
 * domain (`cl-….<base>`): they belong to clusters, including ones not yet
 * created, so no hostname binding may claim one.
 */
export function isReservedCnameTargetName(hostname: string, baseDomain: string | null): boolean {
  if (!baseDomain || !hostname.endsWith(`.${baseDomain}`)) return false;
  const label = hostname.slice(0, -(baseDomain.length + 1));
  return TARGET_LABEL.test(label);
}

/**
 * The base domain a cluster's CNAME target was derived under: the target minus its first label
 * (`cl-<id>.apps.example.com` → `apps.example.com`); null without a target. The console has the
 * target but not the system setting, and this is the exact inverse of {@link cnameTargetFor}.
 */
export function baseDomainOfCnameTarget(cnameTarget: string | null): string | null {
  if (!cnameTarget) return null;
  const dot = cnameTarget.indexOf(".");
  return dot > 0 && dot < cnameTarget.length - 1 ? cnameTarget.slice(dot + 1) : null;
}
