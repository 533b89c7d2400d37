import { hash, verify } from "@node-rs/argon2";
import type { PasswordHasher } from "@/server/services/auth/ports";

// The package exports its Algorithm enum as an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

/**
 * The one place the password hashing parameters live. OWASP's argon2id
 * minimum is 19 MiB, t=2, p=1 (~30 ms here): cheap enough for logins,
 * expensive enough for offline guessing. Changing these makes every stored
 * hash "outdated"; each is replaced at its owner's next successful login.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const OPTIONS = { algorithm: ARGON2ID, ...ARGON2_PARAMS } as const;

// PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

export const argon2PasswordHasher: PasswordHasher = {
  hash: (password) => hash(password, OPTIONS),
  verify: async (storedHash, password) => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false; // malformed stored hash: treat as a mismatch, never as a pass
    }
  },
  needsRehash: (storedHash) => {
    const m = PHC.exec(storedHash);
    if (!m) return true; // another algorithm (argon2i/d, bcrypt, …) or version
    return Number(m[1]) !== ARGON2_PARAMS.memoryCost || Number(m[2]) !== ARGON2_PARAMS.timeCost || Number(m[3]) !== ARGON2_PARAMS.parallelism;
  },
};
