import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { testEmailResultSchema } from "@/server/services/settings/send-test-email";

export const sendTestEmailMeta = {
  openapi: {
    method: "POST",
    path: "/admin/settings/smtp/test",
    protect: true,
    tags: ["admin"],
    summary: "Send a test email to your own address through the SMTP server in effect; a failure returns delivered=false and the SMTP error text",
  },
} satisfies OpenApiMeta;

export const sendTestEmailInput = z.void();
export const sendTestEmailOutput = testEmailResultSchema;
