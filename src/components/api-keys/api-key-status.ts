import type { RouterInputs } from "@/lib/trpc/router-types";

export type ApiKeyStatus = "active" | "expired" | "revoked";

/** Revocation wins over expiry: a revoked key stays "revoked" even after its expiry passes. */
export function apiKeyStatus(key: { revoked_at: string | null; expires_at: string | null }, now: Date): ApiKeyStatus {
  if (key.revoked_at) return "revoked";
  if (key.expires_at && new Date(key.expires_at).getTime() <= now.getTime()) return "expired";
  return "active";
}

export const MAX_API_KEY_NAME_LENGTH = 100;
export const MAX_API_KEY_EXPIRY_DAYS = 3650;

export type CreateApiKeyForm = { name: string; expiresInDays: string };
export type CreateApiKeyFormErrors = { name?: "required" | "tooLong"; expiresInDays?: "invalid" };

/** Client-side checks that give instant feedback; the server validates again. */
export function validateCreateApiKeyForm(form: CreateApiKeyForm):
  | { ok: true; value: Omit<RouterInputs["apiKeys"]["create"], "current_password"> }
  | { ok: false; errors: CreateApiKeyFormErrors } {
  const errors: CreateApiKeyFormErrors = {};
  const name = form.name.trim();
  if (name === "") errors.name = "required";
  else if (name.length > MAX_API_KEY_NAME_LENGTH) errors.name = "tooLong";
  const daysText = form.expiresInDays.trim();
  let days: number | undefined;
  if (daysText !== "") {
    days = Number(daysText);
    if (!/^\d+$/.test(daysText) || days < 1 || days > MAX_API_KEY_EXPIRY_DAYS) errors.expiresInDays = "invalid";
  }
  if (errors.name || errors.expiresInDays) return { ok: false, errors };
  return { ok: true, value: days === undefined ? { name } : { name, expires_in_days: days } };
}
