import type { Viewer } from "@/server/domain/auth/viewer";
import type { HostnameBinding, Prisma } from "@/server/infra/db/client";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import { oldestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toHostnameBindingView, type HostnameBindingView } from "./hostname-binding-view";

const BINDING_PAGES = oldestFirst<HostnameBinding, Prisma.HostnameBindingWhereInput, Prisma.HostnameBindingOrderByWithRelationInput>();

/** The cluster's bindings, oldest first (the order they were added in), a page at a time; the cluster must be the caller's (or any, for an admin). */
export async function listHostnameBindings(
  deps: Pick<ServiceDeps, "db">,
  viewer: Viewer,
  clusterId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<HostnameBindingView>> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.hostnameBinding.findMany({
    where: { AND: [{ clusterId: cluster.id }, BINDING_PAGES.after(page.cursor)] },
    orderBy: BINDING_PAGES.orderBy,
    take: BINDING_PAGES.take(page.limit),
  });
  return BINDING_PAGES.page(rows, page.limit, toHostnameBindingView);
}
