import type { User, UserRole } from "@/server/infra/db/client";
import { isoOrNull } from "@/server/domain/iso-time";

export type UserAccountStatus = "active" | "disabled";

/** A user as the back office lists it: never the password hash. */
export interface AdminUserView {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  status: UserAccountStatus;
  email_verified_at: string | null;
  last_login_at: string | null;
  created_at: string;
  cluster_count: number;
}

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
