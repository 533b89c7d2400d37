import { z } from "zod";

/** Whether an account may sign in, as the back office shows and filters it (the `disabled` flag). */
export const userAccountStatuses = ["active", "disabled"] as const;
export const userAccountStatusSchema = z.enum(userAccountStatuses);
export type UserAccountStatus = z.infer<typeof userAccountStatusSchema>;
