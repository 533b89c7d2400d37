import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toJoinSessionDetail, toJoinSessionView, type JoinSessionDetail, type JoinSessionView } from "./join-session-view";

/** How many sessions the console's list shows: the newest. */
export const JOIN_SESSION_LIST_LIMIT = 50;

export async function listJoinSessions(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string): Promise<JoinSessionView[]> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.joinSession.findMany({ where: { clusterId: cluster.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: JOIN_SESSION_LIST_LIMIT });
  return rows.map(toJoinSessionView);
}

/** One session with its timeline in order; another cluster's session is NOT_FOUND like an unknown one. */
export async function getJoinSession(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string, sessionId: string): Promise<JoinSessionDetail> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const session = await deps.db.joinSession.findFirst({ where: { id: sessionId, clusterId: cluster.id }, include: { events: { orderBy: { sequence: "asc" } } } });
  if (!session) throw new AppError("NOT_FOUND", `Join session ${sessionId} was not found in cluster ${clusterId}.`);
  return toJoinSessionDetail(session, session.events);
}
