import { z } from "zod";

export const joinTokenSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  token_id: z.string(),
  description: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  used_count: z.number().int(),
  last_used_at: z.string().nullable(),
  state: z.enum(["active", "expired", "revoked"]),
});
