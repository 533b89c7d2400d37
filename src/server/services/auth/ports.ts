export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters than today's; sign-in then stores a fresh hash. */
  needsRehash(storedHash: string): boolean;
}
