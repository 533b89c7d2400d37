import type { UserAccountStatus } from "@/server/domain/auth/user-account-status";
import type { UserRole } from "@/server/domain/auth/viewer";
import type { Prisma, User } from "@/server/infra/db/client";
import { newestFirst, pageSchema, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { adminUserViewSchema, LIVE_CLUSTERS, toAdminUserView, type AdminUserView } from "./admin-user-view";

export interface ListUsersInput {
  /** Case-insensitive substring of the email or the name. */
  query?: string;
  role?: UserRole;
  status?: UserAccountStatus;
  limit: number;
  cursor?: string;
}

export const userPageSchema = pageSchema(adminUserViewSchema);
export type UserPage = Page<AdminUserView>;

type UserRow = User & { _count: { clusters: number } };
const USER_PAGES = newestFirst<UserRow, Prisma.UserWhereInput, Prisma.UserOrderByWithRelationInput>();

/** Newest accounts first, a page at a time; no total, so a page costs the same however many accounts match. */
export async function listUsers(deps: Pick<ServiceDeps, "db">, input: ListUsersInput): Promise<UserPage> {
  const q = input.query?.trim();
  const rows = await deps.db.user.findMany({
    where: {
      AND: [
        q ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] } : {},
        input.role ? { role: input.role } : {},
        input.status ? { disabled: input.status === "disabled" } : {},
        USER_PAGES.after(input.cursor),
      ],
    },
    include: { _count: { select: { clusters: { where: LIVE_CLUSTERS } } } },
    orderBy: USER_PAGES.orderBy,
    take: USER_PAGES.take(input.limit),
  });
  return USER_PAGES.page(rows, input.limit, (u) => toAdminUserView(u, u._count.clusters));
}
