import type { AuthDeps } from "@/server/services/auth/auth-deps";

// Made once per process with the current parameters, so verifying against it
// costs what verifying a real account's hash costs.
let dummyHash: Promise<string> | undefined;
const getDummyHash = (deps: AuthDeps) => (dummyHash ??= deps.hasher.hash(`not-a-real-password-${Math.random()}`));

/**
 * Verifies `password` against `storedHash`, or against a throw-away hash when
 * the account is unknown or has no password, so every path costs one argon2
 * verify and response time does not reveal which emails have accounts.
 * Returns false whenever there is no real hash.
 */
export async function verifyPasswordOrDummy(deps: AuthDeps, storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await deps.hasher.verify(await getDummyHash(deps), password);
    return false;
  }
  return deps.hasher.verify(storedHash, password);
}
