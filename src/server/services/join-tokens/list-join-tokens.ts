import type { Viewer } from "@/server/domain/auth/viewer";
import type { Prisma } from "@/server/infra/db/client";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { JoinDeps } from "./join-runtime-deps";
import { joinTokenCounts, toJoinTokenView, type JoinTokenView, type JoinTokenWithCounts } from "./join-token-view";

const JOIN_TOKEN_PAGES = newestFirst<JoinTokenWithCounts, Prisma.JoinTokenWhereInput, Prisma.JoinTokenOrderByWithRelationInput>();

/** The cluster's join and reset tokens (never their secrets), newest first, a page at a time. */
export async function listJoinTokens(
  deps: Pick<JoinDeps, "db" | "now">,
  viewer: Viewer,
  clusterId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<JoinTokenView>> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.joinToken.findMany({
    where: { AND: [{ clusterId: cluster.id }, JOIN_TOKEN_PAGES.after(page.cursor)] },
    orderBy: JOIN_TOKEN_PAGES.orderBy,
    take: JOIN_TOKEN_PAGES.take(page.limit),
    include: joinTokenCounts,
  });
  const now = deps.now();
  return JOIN_TOKEN_PAGES.page(rows, page.limit, (r) => toJoinTokenView(r, now));
}
