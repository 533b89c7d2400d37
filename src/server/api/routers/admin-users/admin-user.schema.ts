import { z } from "zod";

export const userRoleSchema = z.enum(["user", "admin"]);
export const userStatusSchema = z.enum(["active", "disabled"]);

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  status: userStatusSchema,
  email_verified_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  cluster_count: z.number().int(),
});

export const adminUserDetailSchema = adminUserSchema.extend({
  active_sessions: z.number().int(),
  active_api_keys: z.number().int(),
  clusters: z.array(
    z.object({ id: z.string(), name: z.string(), status: z.enum(["provisioning", "ready", "updating", "error", "deleting", "deleted"]), created_at: z.string() }),
  ),
});

export const userIdInput = z.object({ user_id: z.string().min(1) });
