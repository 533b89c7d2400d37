import { z } from "zod";

/** The 6-digit code of a registration, password-reset or email-change email ("123456" or "123 456"). */
export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code from the email.");

/** The name shown in the console, chosen at registration and changed on the profile page. */
export const displayNameSchema = z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters for the name.");
