import { createHash, randomBytes, randomInt } from "node:crypto";

/** Registration codes: short-lived and guessable only 5 times, so 6 digits are enough. */
export const REGISTRATION_CODE_TTL_MS = 15 * 60_000;
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** A new code (or reset email) for the same address at most this often, so nobody can flood an inbox. */
export const RESEND_COOLDOWN_MS = 60_000;

/** Six decimal digits, uniformly random, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, "");
}

/** The single-use token of a reset link: 256 random bits, so a fast hash is enough to store it. */
export function generateLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function secondsUntil(from: Date, until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - from.getTime()) / 1000));
}
