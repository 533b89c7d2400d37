import { AppError } from "@/server/domain/errors";

export type OAuthProviderId = "github" | "google";

export const OAUTH_PROVIDER_NAMES: Record<OAuthProviderId, string> = { github: "GitHub", google: "Google" };

/** What a provider told us about the person signing in, after its protocol checks passed. */
export interface OAuthIdentity {
  provider: OAuthProviderId;
  /** The provider's stable account id (GitHub numeric id, Google `sub`); the link key, emails can change. */
  providerAccountId: string;
  email: string | null;
  /** True only when the provider itself vouches that this person owns the address. */
  emailVerified: boolean;
  name: string | null;
}

/**
 * Why an OAuth sign-in was refused. The login page shows a sentence per reason
 * (next-auth passes the reason through as `?error=`).
 */
export type OAuthRefusal = "email_unverified" | "no_verified_email" | "account_disabled";

export class OAuthSignInRefused extends AppError {
  readonly reason: OAuthRefusal;

  constructor(reason: OAuthRefusal, message: string) {
    super(reason === "account_disabled" ? "FORBIDDEN" : "PRECONDITION_FAILED", message);
    this.name = "OAuthSignInRefused";
    this.reason = reason;
  }
}

export interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * The address GitHub vouches for: the primary one, verified only if GitHub says so. The profile's
 * public `email` is whatever the user typed and is never trusted for linking.
 */
export function githubEmail(emails: readonly GithubEmail[], profileEmail: string | null): { email: string | null; verified: boolean } {
  const primary = emails.find((e) => e.primary);
  if (primary) return { email: primary.email, verified: primary.verified };
  return { email: profileEmail, verified: false };
}

/** Google's `email_verified` claim; older tokens carried it as the string "true". */
export function googleEmailVerified(claim: unknown): boolean {
  return claim === true || claim === "true";
}
