export type LoginErrorKey = "invalidCredentials" | "tooManyAttempts" | "accountDisabled" | "emailNotVerified" | "failed";

/**
 * Maps next-auth's `error` (its own "CredentialsSignin", or the code `authorize` throws:
 * TOO_MANY_REQUESTS, ACCOUNT_DISABLED, EMAIL_NOT_VERIFIED) and the HTTP status to a catalog key, so the user always
 * sees a translated sentence.
 */
export function loginErrorKey(error: string, status: number): LoginErrorKey {
  if (status === 429 || /too[\s_-]*many|rate[\s_-]*limit/i.test(error)) return "tooManyAttempts";
  if (/ACCOUNT_DISABLED/.test(error)) return "accountDisabled";
  if (/EMAIL_NOT_VERIFIED/.test(error)) return "emailNotVerified";
  if (error === "CredentialsSignin" || /incorrect|invalid|UNAUTHORIZED/i.test(error)) return "invalidCredentials";
  return "failed";
}
