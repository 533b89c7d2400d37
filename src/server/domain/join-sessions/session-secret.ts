import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A join session's bearer secret: 32 random bytes, hex. Only its SHA-256 is stored (join_sessions.secret_hash). */
export const generateSessionSecret = (): string => randomBytes(32).toString("hex");

export const hashSessionSecret = (secret: string): string => createHash("sha256").update(secret, "utf8").digest("hex");

/** Constant-time comparison of a presented secret with the stored hash; false when nothing is stored. */
export function sessionSecretMatches(storedHash: string | null, presented: string): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, "hex");
  const actual = Buffer.from(hashSessionSecret(presented), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The secret of `Authorization: Bearer <secret>`, or undefined. */
export function bearerSecret(header: string | null): string | undefined {
  const match = /^Bearer ([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  return match?.[1]?.toLowerCase();
}
