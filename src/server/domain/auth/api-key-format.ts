import { createHash, timingSafeEqual } from "node:crypto";
import { randomId } from "@/server/domain/ids";

/**
 * API keys look like `kbk_<8 chars>_<40 chars>`. The first two parts are the
 * visible prefix (stored and shown in lists so a user can tell keys apart);
 * the whole key is shown once and only its SHA-256 is stored. A fast hash is
 * right here: the secret carries ~200 bits of entropy, so brute force is moot,
 * and every API request must verify it cheaply.
 */
const KEY_PATTERN = /^(kbk_[0-9a-z]{8})_([0-9a-z]{40})$/;

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): GeneratedApiKey {
  const prefix = `kbk_${randomId(8)}`;
  const key = `${prefix}_${randomId(40)}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Returns the visible prefix when `key` is shaped like one of ours, else null. */
export function parseApiKey(key: string): { prefix: string } | null {
  const m = KEY_PATTERN.exec(key.trim());
  return m ? { prefix: m[1]! } : null;
}

export function apiKeyHashMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
