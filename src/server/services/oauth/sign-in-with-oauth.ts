import { newId } from "@/server/domain/ids";
import type { Prisma } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { openSession } from "@/server/services/auth/open-session";
import type { SignInOptions, SignInResult } from "@/server/services/auth/sign-in-with-password";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import { OAUTH_PROVIDER_NAMES, OAuthSignInRefused, type OAuthIdentity, type OAuthRefusal } from "./oauth-identity";

/**
 * Signs in with a GitHub/Google identity and opens a database session exactly as a password login
 * does. Who it signs in:
 * 1. the user already linked to this provider account;
 * 2. else the user whose email matches — only when the provider says the email is verified (no
 *    takeover through an address someone merely typed at the provider);
 * 3. else a new user, again only with a provider-verified email.
 */
export async function signInWithOAuth(deps: AuthDeps, identity: OAuthIdentity, origin: RequestOrigin, opts: SignInOptions = {}): Promise<SignInResult> {
  const providerName = OAUTH_PROVIDER_NAMES[identity.provider];
  const refuse = async (reason: OAuthRefusal, userId: string | null, message: string): Promise<never> => {
    await recordAuditEvent(
      deps.db,
      { actorUserId: userId, action: "auth.login_failed", metadata: { method: identity.provider, reason, email: identity.email } },
      origin,
    );
    throw new OAuthSignInRefused(reason, message);
  };
  const disabled = (user: { id: string }) => refuse("account_disabled", user.id, "This account is disabled. Contact your administrator.");

  const link = await deps.db.oAuthAccount.findUnique({
    where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
    include: { user: true },
  });
  if (link) {
    if (link.user.disabled) return disabled(link.user);
    return open(deps, link.user.id, identity, origin, opts, async (tx) => {
      if (identity.email && identity.email !== link.providerEmail) {
        await tx.oAuthAccount.update({ where: { id: link.id }, data: { providerEmail: identity.email } });
      }
    });
  }

  const email = identity.email?.trim().toLowerCase() || null;
  if (!email || !identity.emailVerified) {
    const existing = email ? await deps.db.user.findUnique({ where: { email } }) : null;
    if (existing) {
      return refuse(
        "email_unverified",
        existing.id,
        `Your ${providerName} email address is not verified, so it cannot be linked to the existing account with that email. Verify it at ${providerName}, or sign in with your password.`,
      );
    }
    return refuse("no_verified_email", null, `Your ${providerName} account has no verified email address. Verify your email at ${providerName}, then sign in again.`);
  }

  const existing = await deps.db.user.findUnique({ where: { email } });
  if (existing?.disabled) return disabled(existing);
  if (existing) {
    return open(deps, existing.id, identity, origin, opts, async (tx, now) => {
      await createLink(tx, existing.id, identity, email);
      // A pending registration's password was never confirmed by the inbox owner, who is here now:
      // drop it, or whoever pre-registered the address could sign in beside them.
      if (!existing.emailVerifiedAt) await tx.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: now, passwordHash: null } });
      await recordAuditEvent(
        tx,
        { actorUserId: existing.id, action: "auth.oauth_linked", targetType: "user", targetId: existing.id, metadata: { provider: identity.provider, pending_account_activated: !existing.emailVerifiedAt } },
        origin,
      );
    });
  }

  const userId = newId("usr");
  return open(deps, userId, identity, origin, opts, async (tx, now) => {
    // The provider verified the address: the account is active at once, without a password.
    await tx.user.create({ data: { id: userId, email, name: identity.name?.trim() || email.split("@")[0]!, emailVerifiedAt: now, passwordHash: null } });
    await createLink(tx, userId, identity, email);
    await recordAuditEvent(tx, { actorUserId: userId, action: "account.registered", targetType: "user", targetId: userId, metadata: { method: identity.provider } }, origin);
  });
}

function createLink(tx: Prisma.TransactionClient, userId: string, identity: OAuthIdentity, email: string) {
  return tx.oAuthAccount.create({ data: { id: newId("oa"), userId, provider: identity.provider, providerAccountId: identity.providerAccountId, providerEmail: email } });
}

/** The shared tail of every successful OAuth sign-in: the caller's changes, a rotated session, `auth.login`. */
async function open(
  deps: AuthDeps,
  userId: string,
  identity: OAuthIdentity,
  origin: RequestOrigin,
  opts: SignInOptions,
  before: (tx: Prisma.TransactionClient, now: Date) => Promise<void>,
): Promise<SignInResult> {
  const now = deps.now();
  const { sessionId, expiresAt } = await deps.db.$transaction(async (tx) => {
    await before(tx, now);
    const opened = await openSession(tx, deps, userId, origin, now, opts.replacesSessionId);
    await tx.user.update({ where: { id: userId }, data: { lastLoginAt: now } });
    await recordAuditEvent(tx, { actorUserId: userId, action: "auth.login", targetType: "session", targetId: opened.sessionId, metadata: { method: identity.provider } }, origin);
    return opened;
  });
  deps.log.info("user signed in", { user_id: userId, session_id: sessionId, method: identity.provider });
  return { sessionId, userId, expiresAt };
}
