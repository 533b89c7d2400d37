import { AppError } from "@/server/domain/errors";

/** The state of a stored one-time code, as both registration and password reset keep it. */
export interface StoredCode {
  expiresAt: Date;
  attempts: number;
  maxAttempts: number;
  consumedAt: Date | null;
}

/**
 * Refuses a code that can no longer be used, with the reason and what to do.
 * `again` names how to get a new one ("Request a new code.").
 */
export function assertCodeUsable(code: StoredCode | null, now: Date, again: string): asserts code is StoredCode {
  if (!code || code.consumedAt) throw new AppError("BAD_REQUEST", `This code is not valid or was already used. ${again}`);
  if (code.expiresAt <= now) throw new AppError("BAD_REQUEST", `This code has expired. ${again}`);
  if (code.attempts >= code.maxAttempts) throw new AppError("BAD_REQUEST", `Too many wrong codes were entered. ${again}`);
}

/** The error after a wrong code was counted; says how many tries remain. */
export function wrongCodeError(attemptsAfter: number, maxAttempts: number, again: string): AppError {
  const left = maxAttempts - attemptsAfter;
  return new AppError(
    "BAD_REQUEST",
    left > 0 ? `The code is incorrect. ${left} attempt${left === 1 ? "" : "s"} left.` : `The code is incorrect and no attempts are left. ${again}`,
  );
}
