import { hash, verify } from "@node-rs/argon2";
import type { PasswordHasher } from "@/server/services/auth/ports";

// OWASP's argon2id baseline (19 MiB, t=2, p=1): ~30 ms here, cheap enough for
// logins, expensive enough for offline guessing.
// The package exports its Algorithm enum as an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const argon2PasswordHasher: PasswordHasher = {
  hash: (password) => hash(password, OPTIONS),
  verify: async (storedHash, password) => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false; // malformed stored hash: treat as a mismatch, never as a pass
    }
  },
};
