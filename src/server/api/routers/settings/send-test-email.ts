import { adminProcedure } from "@/server/api/trpc";
import { sendTestEmail as sendTestEmailUseCase } from "@/server/services/settings/send-test-email";
import { sendTestEmailInput, sendTestEmailMeta, sendTestEmailOutput } from "./send-test-email.types";

export const sendTestEmail = adminProcedure
  .meta(sendTestEmailMeta)
  .input(sendTestEmailInput)
  .output(sendTestEmailOutput)
  .mutation(({ ctx }) => sendTestEmailUseCase(ctx.deps, ctx.viewer, ctx.origin, ctx.config.smtp));
