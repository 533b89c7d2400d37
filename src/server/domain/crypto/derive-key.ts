import { hkdfSync } from "node:crypto";

/**
 * A 32-byte key for one purpose, derived from the platform secret (KUBEBYON_AUTH_SECRET) with HKDF-SHA-256. Each use
 * names its own purpose, so a key leaked from one use (say, a URL token) says nothing about another (the CA's
 * encrypted private key), and none of them is the session-signing secret itself.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "kubebyon", purpose, 32));
}
