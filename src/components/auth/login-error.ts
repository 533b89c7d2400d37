export type LoginErrorKey = "invalidCredentials" | "tooManyAttempts" | "accountDisabled" | "failed";

/**
 * Maps next-auth's `error` (its own "CredentialsSignin", or the code `authorize` throws:
 * TOO_MANY_REQUESTS, ACCOUNT_DISABLED) and the HTTP status to a catalog key, so the user always
 * sees a translated sentence.
 */
export function loginErrorKey(error: string, status: number): LoginErrorKey {
  if (status === 429 || /too[\s_-]*many|rate[\s_-]*limit/i.test(error)) return "tooManyAttempts";
  if (/ACCOUNT_DISABLED/.test(error)) return "accountDisabled";
  if (error === "CredentialsSignin" || /incorrect|invalid|UNAUTHORIZED/i.test(error)) return "invalidCredentials";
  return "failed";
}
