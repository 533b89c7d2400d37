import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { ARGON2_PARAMS, argon2PasswordHasher } from "./argon2-password-hasher";

describe("argon2PasswordHasher", () => {
  it("stores argon2id hashes at OWASP's minimum or stronger that verify only the right password", async () => {
    expect(ARGON2_PARAMS.memoryCost).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PARAMS.timeCost).toBeGreaterThanOrEqual(2);
    const stored = await argon2PasswordHasher.hash("correct-horse-battery-staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2PasswordHasher.verify(stored, "correct-horse-battery-staple")).toBe(true);
    expect(await argon2PasswordHasher.verify(stored, "wrong")).toBe(false);
    expect(await argon2PasswordHasher.verify("not-a-hash", "x")).toBe(false);
  });

  it("asks for a rehash only when the stored parameters differ from the current ones", async () => {
    expect(argon2PasswordHasher.needsRehash(await argon2PasswordHasher.hash("pw-current-params"))).toBe(false);
    const weaker = await hash("pw-old-params", { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(argon2PasswordHasher.needsRehash(weaker)).toBe(true);
    const argon2i = await hash("pw-argon2i", { algorithm: 1, ...ARGON2_PARAMS });
    expect(argon2PasswordHasher.needsRehash(argon2i)).toBe(true);
    await expect(argon2PasswordHasher.verify(weaker, "pw-old-params")).resolves.toBe(true);
  });
});
