import { createHash, randomBytes } from "node:crypto";

/**
 * A Kubernetes bootstrap token `<id>.<secret>`. The id is public (it names the
 * Secret `bootstrap-token-<id>` and the user `system:bootstrap:<id>`); the secret
 * is shown to the user once and only the hash of the whole token is stored.
 */
export interface BootstrapToken {
  readonly id: string;
  readonly secret: string;
}

export const TOKEN_ID_PATTERN = /^[a-z0-9]{6}$/;
const TOKEN_PATTERN = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
// 252 is the largest multiple of 36 below 256: bytes at or above it are
// discarded so every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

function randomChars(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateBootstrapToken(): BootstrapToken {
  return { id: randomChars(6), secret: randomChars(16) };
}

export function formatToken(token: BootstrapToken): string {
  return `${token.id}.${token.secret}`;
}

/** The token when `text` is exactly `[a-z0-9]{6}.[a-z0-9]{16}`, else undefined (no trimming, no case folding). */
export function parseToken(text: string): BootstrapToken | undefined {
  const m = TOKEN_PATTERN.exec(text);
  return m ? { id: m[1]!, secret: m[2]! } : undefined;
}

/** SHA-256 (hex) of the full `<id>.<secret>` string; the only form of the secret we keep. */
export function hashTokenSecret(token: BootstrapToken): string {
  return createHash("sha256").update(formatToken(token), "utf8").digest("hex");
}

/** RFC 3339 in UTC without fractional seconds, the form kubeadm writes into `expiration`. */
export function formatRfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
