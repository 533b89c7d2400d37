import { router } from "@/server/api/trpc";
import { completePasswordReset } from "./complete-password-reset";
import { registerAccount } from "./register-account";
import { requestPasswordReset } from "./request-password-reset";
import { resendRegistrationCode } from "./resend-registration-code";
import { verifyRegistration } from "./verify-registration";

/** Signed-out account flows: sign-up with an emailed code, and password reset. */
export const accountsRouter = router({
  register: registerAccount,
  verifyRegistration,
  resendRegistrationCode,
  requestPasswordReset,
  completePasswordReset,
});
