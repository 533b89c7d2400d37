import { describe, expect, it } from "vitest";
import { AesGcmSecretBox } from "./secret-box";

const secret = "k".repeat(48);
const pem = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n";

describe("AesGcmSecretBox", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the sealed text", () => {
    const box = new AesGcmSecretBox(secret, "admission CA private key");
    const a = box.seal(pem);
    const b = box.seal(pem);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain("PRIVATE KEY");
    expect(box.open(a)).toBe(pem);
    expect(box.open(b)).toBe(pem);
  });

  it("refuses altered ciphertext, tag or IV", () => {
    const box = new AesGcmSecretBox(secret, "p");
    const [v, iv = "", body = "", tag = ""] = box.seal(pem).split(".");
    const flip = (s: string) => `${s.slice(0, 2)}${s[2] === "A" ? "B" : "A"}${s.slice(3)}`;
    for (const altered of [[v, iv, flip(body), tag], [v, iv, body, flip(tag)], [v, flip(iv), body, tag]]) {
      expect(() => box.open(altered.join("."))).toThrow(/altered, or sealed under another KUBEBYON_AUTH_SECRET/);
    }
  });

  it("refuses text sealed under another secret or for another purpose, and text in another format", () => {
    const sealed = new AesGcmSecretBox(secret, "p").seal(pem);
    expect(() => new AesGcmSecretBox("x".repeat(48), "p").open(sealed)).toThrow(/could not be opened/);
    expect(() => new AesGcmSecretBox(secret, "other").open(sealed)).toThrow(/could not be opened/);
    expect(() => new AesGcmSecretBox(secret, "p").open(pem)).toThrow(/not in the v1/);
  });
});
