import { Algorithm, hash, verify } from "@node-rs/argon2";
import type { PasswordHasher } from "@/server/services/auth/ports";

// OWASP's argon2id baseline (19 MiB, t=2, p=1): ~30 ms here, cheap enough for
// logins, expensive enough for offline guessing.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
