import { adminProcedure } from "@/server/api/trpc";
import { getAccountDeps } from "@/server/composition/accounts";
import { getRuntime } from "@/server/composition/runtime";
import { AppError } from "@/server/domain/errors";
import { sendTestEmail as sendTestEmailUseCase } from "@/server/services/settings/send-test-email";
import { sendTestEmailInput, sendTestEmailMeta, sendTestEmailOutput } from "./send-test-email.types";

export const sendTestEmail = adminProcedure
  .meta(sendTestEmailMeta)
  .input(sendTestEmailInput)
  .output(sendTestEmailOutput)
  .mutation(({ ctx }) => {
    const { mailer } = getAccountDeps();
    if (!mailer) throw new AppError("PRECONDITION_FAILED", "Email delivery is not available in this process.");
    return sendTestEmailUseCase({ ...ctx.deps, mailer }, ctx.viewer, ctx.origin, getRuntime().config.smtp);
  });
