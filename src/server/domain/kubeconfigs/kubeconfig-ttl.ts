import { z } from "zod";

/** The TokenRequest API refuses expirationSeconds below 600. */
export const MIN_KUBECONFIG_TTL_SECONDS = 600;
export const MAX_KUBECONFIG_TTL_SECONDS = 7 * 24 * 3600;
/** KUBEBYON_KUBECONFIG_TTL_SECONDS's default: a working day. */
export const DEFAULT_KUBECONFIG_TTL_SECONDS = 8 * 3600;

const RANGE_MESSAGE = `ttl_seconds must be between ${MIN_KUBECONFIG_TTL_SECONDS} (10 minutes) and ${MAX_KUBECONFIG_TTL_SECONDS} (7 days); leave it out for the platform's default.`;

/** `ttl_seconds` of POST /clusters/{cluster_id}/kubeconfigs; absent means the platform's setting. */
export const kubeconfigTtlSecondsSchema = z
  .number({ error: "ttl_seconds must be a whole number of seconds." })
  .int({ error: "ttl_seconds must be a whole number of seconds." })
  .min(MIN_KUBECONFIG_TTL_SECONDS, { error: RANGE_MESSAGE })
  .max(MAX_KUBECONFIG_TTL_SECONDS, { error: RANGE_MESSAGE });

/**
 * How long an issued credential lives: what was asked for (else the platform's setting), never longer than the
 * owner's plan allows. A plan bound below the TokenRequest minimum still yields the minimum, the shortest token
 * Kubernetes issues.
 */
export function effectiveKubeconfigTtlSeconds(input: { requested: number | undefined; setting: number; planMaxSeconds: number | null }): number {
  const wanted = input.requested ?? input.setting;
  const bounded = input.planMaxSeconds === null ? wanted : Math.min(wanted, input.planMaxSeconds);
  return Math.max(MIN_KUBECONFIG_TTL_SECONDS, bounded);
}
