import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import type { JoinSession, Prisma } from "@/server/infra/db/client";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toJoinSessionDetail, toJoinSessionView, type JoinSessionDetail, type JoinSessionView } from "./join-session-view";

const SESSION_PAGES = newestFirst<JoinSession, Prisma.JoinSessionWhereInput, Prisma.JoinSessionOrderByWithRelationInput>();

/** The cluster's join sessions, newest first, a page at a time (the console polls the first page). */
export async function listJoinSessions(
  deps: Pick<ServiceDeps, "db">,
  viewer: Viewer,
  clusterId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<JoinSessionView>> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.joinSession.findMany({
    where: { AND: [{ clusterId: cluster.id }, SESSION_PAGES.after(page.cursor)] },
    orderBy: SESSION_PAGES.orderBy,
    take: SESSION_PAGES.take(page.limit),
  });
  return SESSION_PAGES.page(rows, page.limit, toJoinSessionView);
}

/** One session with its timeline in order; another cluster's session is NOT_FOUND like an unknown one. */
export async function getJoinSession(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string, sessionId: string): Promise<JoinSessionDetail> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const session = await deps.db.joinSession.findFirst({ where: { id: sessionId, clusterId: cluster.id }, include: { events: { orderBy: { sequence: "asc" } } } });
  if (!session) throw new AppError("NOT_FOUND", `Join session ${sessionId} was not found in cluster ${clusterId}.`);
  return toJoinSessionDetail(session, session.events);
}
