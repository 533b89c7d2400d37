import { z } from "zod";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address." }).max(254));

export const passwordSchema = z
  .string()
  .min(12, "Use at least 12 characters for the password.")
  .max(256, "Use at most 256 characters for the password.");

export const signInInputSchema = z.object({
  email: emailSchema,
  // Sign-in must not leak the policy; any non-empty password is checked.
  password: z.string().min(1, "Enter your password.").max(256),
});
export type SignInInput = z.infer<typeof signInInputSchema>;
