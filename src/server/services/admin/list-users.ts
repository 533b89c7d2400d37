import { z } from "zod";
import type { UserAccountStatus } from "@/server/domain/auth/user-account-status";
import type { UserRole } from "@/server/domain/auth/viewer";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { adminUserViewSchema, LIVE_CLUSTERS, toAdminUserView } from "./admin-user-view";

export interface ListUsersInput {
  /** Case-insensitive substring of the email or the name. */
  query?: string;
  role?: UserRole;
  status?: UserAccountStatus;
  page: number;
  pageSize: number;
}

export const userPageSchema = z.object({ items: z.array(adminUserViewSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type UserPage = z.infer<typeof userPageSchema>;

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
