import { z } from "zod";

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  locale: z.enum(["zh-CN", "en"]).nullable(),
  avatar_url: z.string().nullable(),
  has_password: z.boolean(),
  role: z.enum(["user", "admin"]),
  created_at: z.string(),
});

export const displayNameSchema = z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters for the name.");

export const ownSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
