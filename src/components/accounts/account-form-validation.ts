/**
 * Client-side checks of the account forms, mirroring the server's rules
 * (src/server/domain/auth/credentials.ts) so most mistakes are caught before
 * a request; the server stays the authority. Values are catalog keys.
 */
export const MIN_PASSWORD_LENGTH = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^\d{3}\s?\d{3}$/;

export type PasswordError = "passwordTooShort" | "passwordMismatch";

export const isEmail = (value: string) => EMAIL.test(value.trim());
export const isCode = (value: string) => CODE.test(value.trim());

export function passwordError(password: string, confirm: string): PasswordError | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return "passwordTooShort";
  if (password !== confirm) return "passwordMismatch";
  return undefined;
}
