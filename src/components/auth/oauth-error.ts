export type OAuthErrorKey = "accountDisabled" | "emailUnverified" | "noVerifiedEmail" | "failed";

/**
 * Maps the `?error=` next-auth puts on /login after a provider round trip to a catalog key:
 * our refusals (OAUTH_SIGN_IN_ERRORS in src/server/api/auth/next-auth-options.ts) and next-auth's
 * own OAuth failure codes. Anything else (no error, or a credentials error) shows nothing here.
 */
export function oauthErrorKey(error: string | undefined): OAuthErrorKey | null {
  switch (error) {
    case "ACCOUNT_DISABLED":
      return "accountDisabled";
    case "OAUTH_EMAIL_UNVERIFIED":
      return "emailUnverified";
    case "OAUTH_NO_VERIFIED_EMAIL":
      return "noVerifiedEmail";
    case "OAuthSignin":
    case "OAuthCallback":
    case "OAuthCreateAccount":
    case "OAuthAccountNotLinked":
    case "Callback":
    case "AccessDenied":
    case "Configuration":
      return "failed";
    default:
      return null;
  }
}
