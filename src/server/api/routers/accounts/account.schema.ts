import { z } from "zod";
import { emailSchema, passwordSchema } from "@/server/domain/auth/credentials";

export { emailSchema, passwordSchema };

/** Language of the emails sent for this request; the console sends its current locale. */
export const localeSchema = z.enum(["zh-CN", "en"]).optional();

export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code from the email.");
