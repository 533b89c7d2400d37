import type { Prisma, UserRole } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { LIVE_CLUSTERS, toAdminUserView, type AdminUserView, type UserAccountStatus } from "./admin-user-view";

export interface ListUsersInput {
  /** Case-insensitive substring of the email or the name. */
  query?: string;
  role?: UserRole;
  status?: UserAccountStatus;
  page: number;
  pageSize: number;
}

export interface UserPage {
  items: AdminUserView[];
  total: number;
  page: number;
  page_size: number;
}

/** Newest accounts first; page numbers start at 1. */
export async function listUsers(deps: Pick<ServiceDeps, "db">, input: ListUsersInput): Promise<UserPage> {
  const q = input.query?.trim();
  const where: Prisma.UserWhereInput = {
    ...(q ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] } : {}),
    ...(input.role ? { role: input.role } : {}),
    ...(input.status ? { disabled: input.status === "disabled" } : {}),
  };
  const [total, rows] = await Promise.all([
    deps.db.user.count({ where }),
    deps.db.user.findMany({
      where,
      include: { _count: { select: { clusters: { where: LIVE_CLUSTERS } } } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
    }),
  ]);
  return { items: rows.map((u) => toAdminUserView(u, u._count.clusters)), total, page: input.page, page_size: input.pageSize };
}
