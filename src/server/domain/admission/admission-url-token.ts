import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "@/server/domain/crypto/derive-key";

/** HKDF purpose of the key behind the per-cluster path token; changing it changes every webhook URL. */
export const ADMISSION_URL_TOKEN_PURPOSE = "kubebyon admission webhook url token v1";

/**
 * The path segment that proves a webhook URL was issued by the platform for this cluster: HMAC-SHA-256 of the
 * cluster id under a key derived from KUBEBYON_AUTH_SECRET, base64url. Without it anyone who can reach the listener
 * could make the platform read (and record denials for) any cluster id they guessed.
 */
export function admissionUrlToken(authSecret: string, clusterId: string): string {
  return createHmac("sha256", deriveKey(authSecret, ADMISSION_URL_TOKEN_PURPOSE)).update(`cluster:${clusterId}`).digest("base64url");
}

/** Constant-time check of a token taken from a request path. */
export function isAdmissionUrlToken(authSecret: string, clusterId: string, token: string): boolean {
  const expected = Buffer.from(admissionUrlToken(authSecret, clusterId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
