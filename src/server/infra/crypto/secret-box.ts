import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "@/server/domain/crypto/derive-key";
import type { SecretBox } from "@/server/services/admission/ports";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived from KUBEBYON_AUTH_SECRET for one purpose: a database dump alone does not give the
 * secret away, and an altered value fails to open instead of decrypting to garbage. Sealed text is
 * `v1.<iv>.<ciphertext>.<tag>` (base64url), with the purpose as associated data so a value sealed for one purpose
 * cannot be opened as another even under the same key.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly key: Buffer;

  constructor(
    authSecret: string,
    private readonly purpose: string,
  ) {
    this.key = deriveKey(authSecret, `kubebyon secret box: ${purpose}`);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(this.purpose));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
  }

  open(sealed: string): string {
    const [version, iv, body, tag, extra] = sealed.split(".");
    if (version !== VERSION || iv === undefined || body === undefined || tag === undefined || extra !== undefined) {
      throw new Error("sealed secret is not in the v1.<iv>.<ciphertext>.<tag> format");
    }
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(this.purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    try {
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch (err) {
      throw new Error("sealed secret could not be opened: it was altered, or sealed under another KUBEBYON_AUTH_SECRET", { cause: err });
    }
  }
}
