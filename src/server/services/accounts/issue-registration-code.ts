import { newId } from "@/server/domain/ids";
import type { Prisma } from "@/server/infra/db/client";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { CODE_MAX_ATTEMPTS, generateCode, REGISTRATION_CODE_TTL_MS, RESEND_COOLDOWN_MS } from "./one-time-secrets";

type Tx = Prisma.TransactionClient;

export type IssuedCode = { issued: true; code: string } | { issued: false; retryAfterMs: number };

/**
 * A new registration code for `email` unless one was sent within the
 * cooldown. Older open codes are closed, so only the newest code works.
 */
export async function issueRegistrationCode(deps: AccountDeps, tx: Tx, email: string, origin: RequestOrigin): Promise<IssuedCode> {
  const now = deps.now();
  const last = await tx.emailVerificationCode.findFirst({ where: { email, purpose: "register" }, orderBy: { createdAt: "desc" } });
  const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Infinity;
  if (sinceLast < RESEND_COOLDOWN_MS) return { issued: false, retryAfterMs: RESEND_COOLDOWN_MS - sinceLast };
  const code = generateCode();
  await tx.emailVerificationCode.updateMany({ where: { email, purpose: "register", consumedAt: null }, data: { consumedAt: now } });
  await tx.emailVerificationCode.create({
    data: {
      id: newId("evc"),
      email,
      purpose: "register",
      codeHash: await deps.hasher.hash(code),
      expiresAt: new Date(now.getTime() + REGISTRATION_CODE_TTL_MS),
      maxAttempts: CODE_MAX_ATTEMPTS,
      ip: origin.ip,
      createdAt: now,
    },
  });
  return { issued: true, code };
}
