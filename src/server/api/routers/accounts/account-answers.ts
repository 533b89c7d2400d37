import { z } from "zod";

/** A confirmation code went to the address; the account or the change waits for it. */
export const verificationRequiredOutput = z.object({
  status: z.literal("verification_required"),
  email: z.string(),
  code_expires_in_seconds: z.number().int(),
  resend_after_seconds: z.number().int(),
});

/** The password was set; the other sessions it signed out. */
export const passwordChangedOutput = z.object({ status: z.literal("password_changed"), revoked_sessions: z.number().int() });

/** How many browser sessions a sign-out ended. */
export const sessionsRevokedOutput = z.object({ revoked_sessions: z.number().int() });
