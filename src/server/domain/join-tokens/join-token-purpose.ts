import { z } from "zod";

/** join_tokens.purpose: "join" for the console's join command, "reset" for the --reset-only commands before a delete. */
export const joinTokenPurposes = ["join", "reset"] as const;
export const joinTokenPurposeSchema = z.enum(joinTokenPurposes);
export type JoinTokenPurpose = z.infer<typeof joinTokenPurposeSchema>;
