import { z } from "zod";
import { userAccountStatusSchema } from "@/server/domain/auth/user-account-status";
import { userRoleSchema } from "@/server/domain/auth/viewer";
import { isoOrNull } from "@/server/domain/iso-time";
import type { User } from "@/server/infra/db/client";

/** A user as the back office lists it: never the password hash. */
export const adminUserViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  status: userAccountStatusSchema,
  email_verified_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  cluster_count: z.number().int(),
});
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

export function toAdminUserView(user: User, clusterCount: number): AdminUserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.disabled ? "disabled" : "active",
    email_verified_at: isoOrNull(user.emailVerifiedAt),
    last_login_at: isoOrNull(user.lastLoginAt),
    created_at: user.createdAt.toISOString(),
    cluster_count: clusterCount,
  };
}

/** Clusters that still exist count; deleted rows are history. */
export const LIVE_CLUSTERS = { status: { not: "deleted" } } as const;
