import { describe, expect, it } from "vitest";
import { argon2PasswordHasher } from "./argon2-password-hasher";

describe("argon2PasswordHasher", () => {
  it("stores argon2id hashes that verify only the right password", async () => {
    const hash = await argon2PasswordHasher.hash("correct-horse-battery-staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2PasswordHasher.verify(hash, "correct-horse-battery-staple")).toBe(true);
    expect(await argon2PasswordHasher.verify(hash, "wrong")).toBe(false);
    expect(await argon2PasswordHasher.verify("not-a-hash", "x")).toBe(false);
  });
});
